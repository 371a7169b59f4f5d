/**
 * Where the API key may be sent. A sandbox or production service is reached over https; plain
 * http only on this machine (127.0.0.0/8, ::1, localhost), where the local sandbox runs.
 */

export { isAllowedServiceUrl, isLoopbackHost } from '../../../preload/commands-settings.js';

/** The origin a stored key belongs to ('' when the URL is empty or not a URL). */
export function originOf(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    return '';
  }
}
