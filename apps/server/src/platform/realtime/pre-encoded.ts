import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';

/**
 * A payload already written as JSON: a server that sends many sockets nearly the same large
 * payload builds its text from shared pieces once, instead of Socket.IO serialising (and scanning
 * for binary) a fresh object per socket. `T` is the type the text encodes; the client receives
 * exactly what `JSON.stringify` of that value would have sent.
 */
export class PreEncoded<T> {
  declare readonly encodes?: T;
  constructor(readonly json: string) {}
}

/** What to pass to `emit` for a pre-encoded payload: the encoder writes its text as is. */
export function preEncodedPayload<T>(payload: PreEncoded<T>): T {
  return payload as unknown as T;
}

/**
 * Socket.IO's encoder, except that an event whose one argument is `PreEncoded` is written from
 * that text. Only for emits to sockets of this instance: a broadcast through the Redis adapter
 * carries the packet object to the other instances, which a `PreEncoded` would not survive.
 */
class PreEncodingEncoder extends Encoder {
  override encode(packet: Packet) {
    const data: unknown = packet.data;
    if (
      packet.type === PacketType.EVENT &&
      packet.id === undefined &&
      Array.isArray(data) &&
      data.length === 2 &&
      data[1] instanceof PreEncoded
    ) {
      const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
      return [`${PacketType.EVENT}${nsp}[${JSON.stringify(data[0])},${data[1].json}]`];
    }
    return super.encode(packet);
  }
}

/** The `parser` option of the Socket.IO server: the standard wire format, with `PreEncoded`. */
export const preEncodingParser = { Encoder: PreEncodingEncoder, Decoder };

/**
 * Whether the connection under a socket is still writing its last message to the network (a
 * client that reads slowly keeps it so): a sender of whole views skips it and sends the latest one
 * once it has caught up, instead of queueing views it will only read late.
 */
export function stillSending(socket: { conn: { transport: { writable: boolean } } }): boolean {
  return !socket.conn.transport.writable;
}
