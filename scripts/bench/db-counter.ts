import { createServer, request, Agent } from 'node:http';

/**
 * A pass-through HTTP proxy in front of the database that counts Hrana pipeline requests: each one is a
 * database round trip of the Worker. `GET /__count` answers the count, `POST /__reset` zeroes it. Its own
 * process, so counting never shares the load generator's event loop.
 *   node scripts/bench/db-counter.ts --target http://127.0.0.1:PORT
 */
const target = new URL(process.argv[process.argv.indexOf('--target') + 1] ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let pipelines = 0;

const server = createServer((req, res) => {
  if (req.url === '/__count') return void res.end(String(pipelines));
  if (req.url === '/__reset') {
    pipelines = 0;
    return void res.end('0');
  }
  if (req.method === 'POST' && (req.url ?? '').endsWith('/pipeline')) pipelines += 1;
  const upstream = request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`db-counter listening on http://127.0.0.1:${address.port}`);
});
