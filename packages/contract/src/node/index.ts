// What only Node processes use (the API, the member server, scripts): never bundled into pages.
export { developmentSecret, weakSecret, SECRET_MIN_BITS } from './secrets.js';
export { buildInfo, BUILD_INFO_FILE, type BuildInfo } from './build-info.js';
