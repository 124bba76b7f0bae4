// A raw HTTP/1.1 server for the body-size bounds of outbound reads: it answers any request with
// `head` exactly as given (so a test can omit or fake Content-Length, which Bun.serve would fix),
// then `total` bytes of spaces in 64 KB writes, as fast as the reader takes them.
import { createServer, type Socket } from 'node:net';

export function startRawHttpServer(head: string, total: number, host = '127.0.0.1') {
  let written = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('data', () => {
      socket.write(head);
      const block = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < total && !socket.destroyed) {
          written += block.byteLength;
          if (!socket.write(block)) return void socket.once('drain', pump);
        }
        if (written >= total) socket.end();
      };
      pump();
    });
  });
  const port = new Promise<number>((done) =>
    server.listen(0, host, () => done((server.address() as { port: number }).port)),
  );
  return {
    port,
    /** Body bytes pushed so far: how far the reader let the server get before it hung up. */
    written: () => written,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
