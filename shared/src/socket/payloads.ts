// The contract's channel schemas, in a chunk of their own: evaluating them (zod builds every
// schema) is a task apart from socket.io-client's, so neither makes a long one while a page loads.
export { clientChannelPayload } from '@app/contract';
