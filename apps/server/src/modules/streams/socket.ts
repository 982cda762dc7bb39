import type { ClientMessage } from '@live-market/contract';
import type { Client } from '../../realtime/hub.js';
import type { StreamsService } from './service.js';

// The streams part of /ws. Identity is the connection's session user; any userId in a frame is ignored.
export function streamsSocketHandler(streams: StreamsService, hub: { leave(streamId: string, client: Client): Promise<void> }) {
  return async (client: Client, message: ClientMessage): Promise<void> => {
    switch (message.type) {
      case 'join_stream':
        return streams.join(client, message.streamId);
      case 'leave_stream':
        return hub.leave(message.streamId, client);
      case 'chat_message':
        return streams.chat(client, message.streamId, message.message);
      case 'stream_ended':
        await streams.end(client.userId, message.streamId);
        return;
      case 'product_featured':
        return streams.feature(client.userId, message.streamId, message.product?.id ?? null);
    }
  };
}
