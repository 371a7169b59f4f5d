export function buildInputs(root: string): string[];
export function buildInputsHash(root: string): string;
export function stampPath(root: string): string;
export function buildIfChanged(root: string, build: () => void | Promise<void>): Promise<boolean>;
