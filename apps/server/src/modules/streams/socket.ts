import type { ClientMessage } from '@live-market/contract';
import type { Client, Hub } from '../../realtime/hub.js';
import type { StreamsService } from './service.js';

// The streams part of /ws. Identity is the connection's session user; any userId in a frame is ignored.
type Rooms = Pick<Hub, 'leave' | 'watchLists' | 'unwatchLists'>;

export function streamsSocketHandler(streams: StreamsService, hub: Rooms) {
  return async (client: Client, message: ClientMessage): Promise<void> => {
    switch (message.type) {
      case 'join_stream':
        return streams.join(client, message.streamId);
      case 'leave_stream':
        return hub.leave(message.streamId, client);
      case 'chat_message':
        return streams.chat(client, message.streamId, message.message, message.clientId);
      case 'stream_ended':
        await streams.end(client.userId, message.streamId);
        return;
      case 'product_featured':
        return streams.feature(client.userId, message.streamId, message.product?.id ?? null);
      // Issue 25: public facts only (what is live or announced), so any signed-in socket may watch.
      case 'watch_lists':
        return hub.watchLists(client);
      case 'unwatch_lists':
        return hub.unwatchLists(client);
    }
  };
}
