import { createServer } from 'node:net';

function listenOnce(port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/** A port nobody listens on right now (the OS picks it). */
export const freePort = () => listenOnce(0);

export async function assertPortFree(port: number): Promise<void> {
  try {
    await listenOnce(port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`Port ${port} is already in use; set PORT to another one.`);
    throw err;
  }
}
