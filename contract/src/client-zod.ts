/**
 * @app/contract/zod: zod alone, for the web client to evaluate in a task of its own before the
 * client entry (./client.ts: the field helpers and the error codes) and a route table, each in
 * a task of its own too: evaluated together they were one long task at the first API call.
 */
export { z } from 'zod';
