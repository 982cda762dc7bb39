// The yardstick for chat fan-out (issue 31): a bare `ws` server that takes the same chat frames the
// app takes and sends every socket the same new_chat_message bytes, with nothing else — no sessions,
// checks, database or bus. Every socket that said join_stream is in the one room.
import { randomUUID } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';

const room = new Set();
const names = new Map();
let viewers = 0;
const server = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), maxPayload: 16 * 1024 }, () => process.send?.('ready'));

server.on('connection', (socket) => {
  const userId = randomUUID();
  names.set(socket, `Viewer${viewers++}`);
  socket.on('message', (raw) => {
    let frame;
    try {
      frame = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (frame.type === 'join_stream') room.add(socket);
    else if (frame.type === 'chat_message' && typeof frame.message === 'string') {
      const data = JSON.stringify({
        type: 'new_chat_message',
        message: { id: randomUUID(), streamId: frame.streamId, userId, displayName: names.get(socket), message: frame.message, createdAt: new Date().toISOString() },
      });
      for (const viewer of room) if (viewer.readyState === WebSocket.OPEN) viewer.send(data);
    }
  });
  socket.on('close', () => {
    room.delete(socket);
    names.delete(socket);
  });
});
