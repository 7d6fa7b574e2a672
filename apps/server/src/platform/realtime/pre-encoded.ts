import { PacketType } from 'socket.io-parser';

/**
 * An event whose payload is JSON already written as bytes, sent to many sockets: the message
 * around it (Engine.IO's `4`, the Socket.IO packet) and its WebSocket frame are built once, and
 * every socket on the WebSocket transport is written those same bytes, with no per-socket
 * serialisation, scan for binary or encoding of text to bytes. `T` is the type the JSON encodes;
 * a client receives exactly what `socket.emit(event, value)` would have sent.
 */
export class EncodedEvent<T> {
  declare readonly encodes?: T;
  /** WebSocket text frame: its header, and its payload (`4` + the Socket.IO packet). */
  readonly frame: [Buffer, Buffer];

  constructor(nsp: string, event: string, json: readonly Buffer[]) {
    const prefix = `${PacketType.EVENT}${nsp !== '/' ? `${nsp},` : ''}[${JSON.stringify(event)},`;
    const payload = Buffer.concat([Buffer.from(`4${prefix}`), ...json, Buffer.from(']')]);
    this.frame = [frameHeader(payload.length), payload];
  }

  /** The Socket.IO packet as text, for a socket still on HTTP long-polling. */
  packet(): string {
    return this.frame[1].toString('utf8', 1);
  }
}

/** The header of an unmasked, final WebSocket text frame of this many bytes (RFC 6455 §5.2). */
function frameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length]);
  if (length < 0x10000) {
    const header = Buffer.from([0x81, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0]);
  header.writeUIntBE(length, 4, 6);
  return header;
}

/** The part of a Socket.IO socket an encoded event is written through: its Engine.IO connection. */
interface EngineSocket {
  conn: {
    readyState: string;
    transport: { name: string; writable: boolean; perMessageDeflate?: unknown };
    write(data: string, options?: object): unknown;
  };
}

/**
 * Writes an encoded event to a socket, after whatever it was sent before (the same queue as
 * `emit`). On WebSocket the frame goes as is (Engine.IO's `wsPreEncodedFrame`, what Socket.IO's
 * own broadcasts use); on long-polling the packet's text.
 */
export function sendEncoded(socket: EngineSocket, event: EncodedEvent<unknown>) {
  const { conn } = socket;
  if (conn.readyState !== 'open') return;
  if (conn.transport.name === 'websocket' && !conn.transport.perMessageDeflate) {
    conn.write('', { wsPreEncodedFrame: event.frame });
  } else {
    conn.write(event.packet());
  }
}

/**
 * Whether the connection under a socket is still writing its last message to the network (a
 * client that reads slowly keeps it so): a sender of whole views skips it and sends the latest one
 * once it has caught up, instead of queueing views it will only read late.
 */
export function stillSending(socket: { conn: { transport: { writable: boolean } } }): boolean {
  return !socket.conn.transport.writable;
}
