// Marketing API (docs/CONTRACTS.md "Results and operations API", content; ROLE_MARKETING or ROLE_ADMIN).
// Imported only by the lazy /marketing screen, so none of it reaches a subscriber's bundle.
import { apiGet, apiPost, request } from './http';

export type TestimonialLang = 'st' | 'en';

export interface StoredTestimonial {
  id: number;
  lang: string;
  imgUrl: string;
  name: string;
  occupation: string;
  testimonial: string;
  position: number;
}

export interface NewTestimonial {
  lang: TestimonialLang;
  /** One of our own images, or none. */
  imgUrl?: string;
  name: string;
  occupation: string;
  testimonial: string;
}

export interface PrizeRow {
  prizeType: number;
  /** M */
  amount: number;
}

export const listTestimonials = (): Promise<StoredTestimonial[]> =>
  apiGet<StoredTestimonial[]>('/admin/testimonials');

export const addTestimonial = (body: NewTestimonial): Promise<{ id: number }> =>
  apiPost<{ id: number }>('/admin/testimonials', body);

export const removeTestimonial = (id: number): Promise<unknown> =>
  request('DELETE', `/admin/testimonials/${id}`);

/** The default prize table (what the banner shows when a round has none of its own). */
export const fetchDefaultPrizes = (): Promise<PrizeRow[]> => apiGet<PrizeRow[]>('/admin/prizes');

export const saveDefaultPrizes = (prizes: PrizeRow[]): Promise<PrizeRow[]> =>
  request<PrizeRow[]>('PUT', '/admin/prizes', prizes);
