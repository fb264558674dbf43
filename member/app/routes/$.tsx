import { data } from '@remix-run/node';

/** Any other path: the not-found page with a real 404 status. */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

/**
 * A post to any other path: the same page. Without an action Remix answers 405 and logs an error for each;
 * a thrown 404 would skip the root loader and show the page in English. Returned, the loaders run after it.
 */
export async function action() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}
