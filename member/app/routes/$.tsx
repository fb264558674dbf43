/** Any other path: the not-found page with a real 404 status. */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function CatchAll() {
  return null;
}
