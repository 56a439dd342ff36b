import { useEffect } from 'react';
import { sessionResponseSchema, type Person } from '@/interface';
import { getJson } from '../api/http';
import { PreferenceSync, type PreferenceSource } from './remotePreferences';

/** The desk user signed in, if it is one (not the implicit person of single-token mode). */
async function deskUser(signal: AbortSignal): Promise<Person | undefined> {
  try {
    const person = (await getJson('/api/session', sessionResponseSchema, signal)).data.person;
    return person && !person.implicit ? person : undefined;
  } catch {
    // Not known now: this browser keeps its own until the next sign-in.
    return undefined;
  }
}

/**
 * While a desk user is signed in, `sources` follow them (PreferenceSync); in single-token mode
 * nothing changes and no preference is asked of the proxy. Mounted once, by the app.
 */
export function usePreferenceSync(signedIn: boolean, sources: readonly PreferenceSource[]): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    const asking = new AbortController();
    let stop: (() => void) | undefined;
    void deskUser(asking.signal).then((person) => {
      if (person && !asking.signal.aborted) stop = new PreferenceSync(sources).start();
    });
    return () => {
      asking.abort();
      stop?.();
    };
  }, [signedIn, sources]);
}
