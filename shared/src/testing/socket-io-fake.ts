// The network edge of the socket in unit tests: stands in for `socket.io-client` (jest's web
// project maps the module here), so the app's real socket module runs as it does in a browser:
// reference counting, `sub`/`unsub`/`login` on the wire, re-subscription after a reconnect and the
// contract parsing of every payload. The test side (./socket.ts) plays the server.

type Listener = (...args: unknown[]) => void;

export interface WireMessage {
  event: string;
  payload: unknown;
}

export class FakeClientSocket {
  connected = false;
  /** What the app sent, in order (`sub`, `unsub`, `login`). */
  readonly sent: WireMessage[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor() {
    this.connect();
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, payload?: unknown): this {
    this.sent.push({ event, payload });
    return this;
  }

  listening(event: string): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  /** The server's side: an event arrives at the app. */
  receive(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  connect(): this {
    // Connected a task later, as a real handshake would be.
    setTimeout(() => {
      if (this.connected) return;
      this.connected = true;
      this.receive('connect');
    }, 0);
    return this;
  }

  disconnect(): this {
    if (!this.connected) return this;
    this.connected = false;
    this.receive('disconnect', 'io client disconnect');
    return this;
  }

  /** The server or the network drops the connection; the client reconnects on its own. */
  drop(): void {
    this.connected = false;
    this.receive('disconnect', 'transport close');
    this.connect();
  }
}

/** Every client the app opened in this test file's module registry (the app opens one). */
export const clients: FakeClientSocket[] = [];

export function io(): FakeClientSocket {
  const client = new FakeClientSocket();
  clients.push(client);
  return client;
}
