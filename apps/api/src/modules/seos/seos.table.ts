import type { SeoType } from '@backoffice/shared/seo.schema';
import type { Id, Json, Timestamp } from '../../db/types';

export type SeosTable = {
  id: Id;
  url: string;
  type: SeoType;
  title: string;
  image: string;
  description: string | null;
  keywords: Json;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    seos: SeosTable;
  }
}
