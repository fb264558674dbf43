/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

/** react-dom's web-streams server renderer (entry.server), typed as react-dom/server's. */
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server';
}
