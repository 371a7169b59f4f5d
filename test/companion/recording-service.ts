import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A real HTTP listener on 127.0.0.1 standing in for "some other service": it answers 401 to every
 * request and records what reached it (the Authorization header above all), so a test can prove
 * that a key was, or was never, sent there.
 */
export interface RecordingService {
  url: string;
  requests: { path: string; authorization: string | undefined }[];
  connections: () => number;
  close(): Promise<void>;
}

export async function startRecordingService(): Promise<RecordingService> {
  const requests: RecordingService['requests'] = [];
  let connections = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: null, message: 'unknown key' }));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
