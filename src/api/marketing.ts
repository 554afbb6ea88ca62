// Marketing API (docs/CONTRACTS.md "Results and operations API", content; ROLE_MARKETING or ROLE_ADMIN).
// Imported only by the lazy /marketing screen, so none of it reaches a subscriber's bundle.
import type {
  NewTestimonial,
  PrizeRow,
  StoredTestimonial,
  TestimonialCreated,
} from '../../machines/wire/marketing';
import { apiGet, apiPost, request } from './http';

export type {
  NewTestimonial,
  PrizeRow,
  StoredTestimonial,
  TestimonialLang,
} from '../../machines/wire/marketing';

export const listTestimonials = (): Promise<StoredTestimonial[]> =>
  apiGet<StoredTestimonial[]>('/admin/testimonials');

export const addTestimonial = (body: NewTestimonial): Promise<TestimonialCreated> =>
  apiPost<TestimonialCreated>('/admin/testimonials', body);

export const removeTestimonial = (id: number): Promise<unknown> =>
  request('DELETE', `/admin/testimonials/${id}`);

/** The default prize table (what the banner shows when a round has none of its own). */
export const fetchDefaultPrizes = (): Promise<PrizeRow[]> => apiGet<PrizeRow[]>('/admin/prizes');

export const saveDefaultPrizes = (prizes: PrizeRow[]): Promise<PrizeRow[]> =>
  request<PrizeRow[]>('PUT', '/admin/prizes', prizes);
