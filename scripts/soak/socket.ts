/** What a soak user's socket received, counted by frame type. */
export type Socket = { ws: WebSocket; frames: Map<string, number> };

/**
 * The one place the soak opens a user's socket (the realtime room of scripts/bench-realtime.ts); resolves
 * once the room says `authenticated`. How a socket authenticates is decided here and nowhere else.
 */
export function openSocket(baseUrl: string, user: { id: string; role: string; token: string }): Promise<Socket> {
  const userId = user.id;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/parties/user/${userId}`);
  // Spec 7's authenticate frame: no token in the URL, where logs would keep it.
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId, userRole: user.role, token: user.token })));
  const socket: Socket = { ws, frames: new Map() };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket of ${userId} did not authenticate in 20 s`)), 20_000);
    ws.addEventListener('message', (e) => {
      const type = String((JSON.parse(String(e.data)) as { type?: string }).type);
      socket.frames.set(type, (socket.frames.get(type) ?? 0) + 1);
      if (type === 'authenticated') {
        clearTimeout(timer);
        resolve(socket);
      }
    });
    ws.addEventListener('error', () => reject(new Error(`socket of ${userId} failed`)));
  });
}
