import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** The older thank-you address: the same return page. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/payment/telr?order_id=${encodeURIComponent(params.orderId ?? '')}`);
}
