import { z } from 'zod';

export const pagedResponse = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });

export type Paged<T> = {
  count: number;
  total_pages: number;
  current_page: number;
  page_size: number;
  results: T[];
};
