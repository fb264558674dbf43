import { useEffect, useState } from 'react';

/** Where the member site is: the API says (MEMBER_URL); until then, port 3000 on this host. */
export function useMemberSiteUrl(): string {
  const [url, setUrl] = useState(`${window.location.protocol}//${window.location.hostname}:3000`);
  useEffect(() => {
    let live = true;
    fetch('/api/site')
      .then((res) => (res.ok ? (res.json() as Promise<{ member_url?: unknown }>) : res.text().then(() => null)))
      .then((site) => {
        if (live && typeof site?.member_url === 'string' && site.member_url)
          setUrl(site.member_url.replace(/\/+$/, ''));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return url;
}
