// node-polyglot's require('object.entries'), as the browser has it (vite.config.ts's alias).
module.exports = Object.entries;
