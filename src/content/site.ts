// The operator's content (docs/CONTRACTS.md "Launch content and terms"): site settings (support contacts,
// social links, the subscription's price and period, the terms' version) and the terms and privacy texts.
// Public, no sign-in. Each answer is asked for once per page load and shared by every screen that shows it.
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../api/http';

export type Period = 'day' | 'week' | 'month';

export interface SiteInfo {
  termsVersion: string;
  support: { phone: string; sms: string; whatsapp: string; email: string; location: string };
  social: { name: string; url: string }[];
  subscription: { price: number; period: Period };
}

export interface SiteDocument {
  doc: 'terms' | 'privacy';
  lang: string;
  version: string;
  markdown: string;
}

let site: Promise<SiteInfo> | null = null;

export function fetchSite(): Promise<SiteInfo> {
  site ??= apiGet<SiteInfo>('/public/site', { auth: 'none' }).catch((err) => {
    site = null; // a failure (offline) is asked again next time
    throw err;
  });
  return site;
}

export const fetchDocument = (doc: 'terms' | 'privacy', lang: string) =>
  apiGet<SiteDocument>(`/public/content/${doc}?lang=${encodeURIComponent(lang)}`, { auth: 'none' });

export interface TermsStatus {
  version: string;
  acceptedVersion: string | null;
  mustAccept: boolean;
}

export const fetchTermsStatus = () => apiGet<TermsStatus>('/protected/terms-status');
export const acceptTerms = (version: string) =>
  apiPost<{ version: string; acceptedAt: string }>('/protected/accept-terms', { version });

/** The site settings, or null while loading or when they cannot be had (offline, first visit). */
export function useSite(): SiteInfo | null {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    let live = true;
    fetchSite().then(
      (s) => live && setInfo(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}

/** tel:/sms: numbers without spaces; WhatsApp's wa.me wants digits only. */
export const telHref = (n: string) => `tel:${n.replace(/\s/g, '')}`;
export const smsHref = (n: string) => `sms:${n.replace(/\s/g, '')}`;
export const whatsappHref = (n: string) => `https://wa.me/${n.replace(/\D/g, '')}`;
