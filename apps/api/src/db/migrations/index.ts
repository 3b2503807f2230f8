import type { Migration } from 'kysely';
import * as platform from './2026_11_21_0001_platform';
import * as media from './2026_11_21_0500_media';
import * as people from './2026_11_21_0600_people';
import * as mediaPaths from './2026_11_22_0100_media_paths';
import * as signInCounters from './2026_11_23_0001_sign_in_counters';
import * as mailOutboxSecrets from './2026_11_23_0002_mail_outbox_secrets';
import * as rowCountShards from './2026_11_23_0003_row_count_shards';
import * as seos from './2026_11_23_0100_seos';
import * as content from './2026_11_23_0200_content';
import * as siteSettingsFeedback from './2026_11_23_0300_site_settings_feedback';
import * as warehousesSuppliers from './2026_11_23_0400_warehouses_suppliers';
import * as stock from './2026_11_23_0450_stock';
import * as slidersWidgets from './2026_11_23_0500_sliders_widgets';
import * as menus from './2026_11_23_0510_menus';
import * as discounts from './2026_11_23_0600_discounts';
import * as orders from './2026_11_23_0610_orders';
import * as posts from './2026_11_23_0700_posts';
import * as commentsRatings from './2026_11_23_0750_comments_ratings';
import * as postsDiscountIndex from './2026_11_23_0760_posts_discount_index';
import * as categoryPostCounts from './2026_11_23_0800_category_post_counts';
import * as postTypeSearch from './2026_11_24_0100_post_type_search';
import * as twoFactor from './2026_12_05_2100_two_factor';
import * as orderPayments from './2026_12_05_3100_order_payments';
import * as publicDelivery from './2026_12_05_4100_public_delivery';
import * as commentModeration from './2026_12_05_5100_comment_moderation';
import * as productCodeSearch from './2026_12_05_6100_product_code_search';
import * as auditDetails from './2026_12_05_8100_audit_details';
import * as webhooks from './2026_12_05_9100_webhooks';
import * as categoryPosts from './2026_12_06_1100_category_posts';
import * as publicRevision from './2026_12_06_2100_public_revision';
import * as categoryPostsPublished from './2026_12_07_1000_category_posts_published';

/**
 * Every migration by its name (its file's name, the order they run in). Listed rather than read
 * from the folder, so the compiled server carries them in its one file; a new migration adds
 * its line here (migrate.test.ts fails on a file missing from this list).
 */
export const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_0001_platform': platform,
  '2026_11_21_0500_media': media,
  '2026_11_21_0600_people': people,
  '2026_11_22_0100_media_paths': mediaPaths,
  '2026_11_23_0001_sign_in_counters': signInCounters,
  '2026_11_23_0002_mail_outbox_secrets': mailOutboxSecrets,
  '2026_11_23_0003_row_count_shards': rowCountShards,
  '2026_11_23_0100_seos': seos,
  '2026_11_23_0200_content': content,
  '2026_11_23_0300_site_settings_feedback': siteSettingsFeedback,
  '2026_11_23_0400_warehouses_suppliers': warehousesSuppliers,
  '2026_11_23_0450_stock': stock,
  '2026_11_23_0500_sliders_widgets': slidersWidgets,
  '2026_11_23_0510_menus': menus,
  '2026_11_23_0600_discounts': discounts,
  '2026_11_23_0610_orders': orders,
  '2026_11_23_0700_posts': posts,
  '2026_11_23_0750_comments_ratings': commentsRatings,
  '2026_11_23_0760_posts_discount_index': postsDiscountIndex,
  '2026_11_23_0800_category_post_counts': categoryPostCounts,
  '2026_11_24_0100_post_type_search': postTypeSearch,
  '2026_12_05_2100_two_factor': twoFactor,
  '2026_12_05_3100_order_payments': orderPayments,
  '2026_12_05_4100_public_delivery': publicDelivery,
  '2026_12_05_5100_comment_moderation': commentModeration,
  '2026_12_05_6100_product_code_search': productCodeSearch,
  '2026_12_05_8100_audit_details': auditDetails,
  '2026_12_05_9100_webhooks': webhooks,
  '2026_12_06_1100_category_posts': categoryPosts,
  '2026_12_06_2100_public_revision': publicRevision,
  '2026_12_07_1000_category_posts_published': categoryPostsPublished,
};
