import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { api } from '@/lib/api/client';

/** Answers a request with JSON (or nothing), with the headers a cross-origin browser request needs. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body?: unknown) {
  // jsdom applies CORS like a browser: the page's origin differs from the server's.
  res.writeHead(status, {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Headers': 'Accept-Language, Content-Type',
    'Content-Type': 'application/json',
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/**
 * Starts a real HTTP server on 127.0.0.1 for the test file and points the app's own axios client
 * (lib/api/client.ts) at it, so components are tested through the real client. Preflight
 * (OPTIONS) requests are answered here; `handle` gets the others.
 */
export function serveApi(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.method === 'OPTIONS') return sendJson(req, res, 204);
      handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
}
