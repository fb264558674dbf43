import { loadCatalogue, localeStore } from './i18n';

// A small entry: the app's chunk (React, react-admin, the screens' frame) and the current language's
// catalogue load side by side (issue 36: the other language's catalogue only when the person
// switches to it).
void Promise.all([import('./start'), loadCatalogue(localeStore.get())]).then(([{ start }]) => start());
