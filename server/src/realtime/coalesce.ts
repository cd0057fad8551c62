import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

/** The parts of an engine.io connection and its transport that the coalescer touches. */
interface EngineTransport {
  readonly name: string;
  writable: boolean;
  emit(event: 'ready'): boolean;
  /** The `ws` WebSocket of a websocket transport, and its TCP socket. */
  socket?: { _socket?: NetSocket };
}
interface EngineConnection {
  readonly readyState: string;
  readonly upgrading: boolean;
  readonly transport: EngineTransport;
  on(event: 'packetCreate', listener: () => void): unknown;
}

/**
 * One write per socket per turn of the event loop. Socket.io encodes a broadcast once (one
 * pre-built websocket frame for every receiver), but engine.io then writes each frame to each
 * socket with its own `writev` system call: at 4 publications a second of ~20 frames each to
 * 1,000 sockets that is 80,000 system calls a second, about half of the server's CPU.
 *
 * When engine.io creates a packet for a websocket connection that is writable (nothing in
 * flight), the coalescer marks its transport unwritable until the current turn's synchronous work
 * and its microtasks are done (`process.nextTick`): engine.io keeps the packets in the
 * connection's write buffer, in order. Then the transport is released as engine.io itself does
 * when a write completes (`writable = true`, `ready`), inside a cork of its TCP socket, so the
 * buffered frames go out in one `writev`. The bytes on the wire are the same frames as before;
 * only their batching changes (each frame waits microseconds). A transport with a write in flight,
 * a polling one and a connection being upgraded are left to engine.io.
 */
export function createWriteCoalescer(io: Server): { close(): void } {
  let held: EngineTransport[] = [];
  let scheduled = false;

  const release = () => {
    const transports = held;
    held = [];
    scheduled = false;
    for (const transport of transports) {
      const tcp = transport.socket?._socket;
      tcp?.cork();
      transport.writable = true;
      transport.emit('ready');
      tcp?.uncork();
    }
  };

  const hold = (connection: EngineConnection) => {
    const { transport } = connection;
    if (!transport.writable || transport.name !== 'websocket') return;
    if (connection.upgrading || connection.readyState !== 'open') return;
    transport.writable = false;
    held.push(transport);
    if (!scheduled) {
      scheduled = true;
      process.nextTick(release);
    }
  };

  const onConnection = (connection: EngineConnection) => {
    connection.on('packetCreate', () => hold(connection));
  };
  io.engine.on('connection', onConnection);

  return {
    close() {
      io.engine.off('connection', onConnection);
    },
  };
}
