// The hasown package's function (node-polyglot's require('hasown')), as the browser has it (vite.config.ts's alias).
module.exports = Object.hasOwn;
