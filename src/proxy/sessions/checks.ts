/*
 * The door's checks of a request, as pure functions of its headers (tested on their own).
 */

const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The host name of a Host header, lower-cased, without its port. */
export const hostName = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

/** Whether a Host header names this proxy: a loopback name, or one of ALLOWED_HOSTS. */
export const hostAllowed = (host: string, allowed: ReadonlySet<string>) => {
  const name = hostName(host);
  return LOOPBACK_HOSTS.test(name) || allowed.has(name);
};

/**
 * Why a state-changing request's Origin is not our own page, if it is not. The whole origin
 * counts, scheme included: the proxy speaks http, so `https://<host>` is another site, unless the
 * host is one of ALLOWED_HOSTS (reached through a TLS front, as README recommends beyond loopback).
 */
export function originProblem(origin: string | undefined, host: string, allowed: ReadonlySet<string>): string | undefined {
  if (!origin) return 'a state-changing request needs an Origin header';
  const expected = [`http://${host.toLowerCase()}`];
  if (allowed.has(hostName(host))) expected.push(`https://${host.toLowerCase()}`);
  return expected.includes(origin) ? undefined : `requests from ${origin} are not accepted`;
}

/**
 * Every value the Cookie header gives `name`. A page on another port of the same host can set a
 * cookie of our name with a longer path, which the browser sends first: the door tries each value
 * (at most a few) instead of trusting the first.
 */
export function cookieValues(header: string | undefined, name: string, max = 4): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    values.push(part.slice(eq + 1).trim());
    if (values.length >= max) break;
  }
  return values;
}

/**
 * Whether a login request is a trader opening the printed link: browsers say where a request comes
 * from (`Sec-Fetch-Site`), and a link pasted or typed into the address bar comes from nowhere
 * (`none`). An `<img>` or a fetch from another site carrying a wrong token would otherwise count
 * against the trader's own logins; it is refused without counting. Clients that send no
 * `Sec-Fetch-Site` (curl, a script) are taken as they are.
 */
export const loginFromAddressBar = (fetchSite: string | string[] | undefined) =>
  fetchSite === undefined || fetchSite === 'none' || fetchSite === 'same-origin';
