// jsdom lacks these; react-router 7 needs TextEncoder.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
