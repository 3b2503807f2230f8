import {
  AppstoreOutlined,
  BgColorsOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  MessageOutlined,
  PictureOutlined,
  ProfileOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { SectionKey } from '../lib/resource';

export type Section = {
  key: SectionKey;
  labelKey: string;
  icon: ReactNode;
  /** A flat section is one sidebar link (to its first screen); the others open their sub-items. */
  flat?: boolean;
  /** Open when the sidebar first shows: its entries are one click away from anywhere. */
  open?: boolean;
};

/** The sidebar sections, in the order the sidebar shows them. A section shows once a screen of it exists and the user may open it. */
export const SECTIONS: readonly Section[] = [
  { key: 'dashboard', labelKey: 'layout:nav.dashboard', icon: <DashboardOutlined />, flat: true },
  // A shop's day starts with its orders: one click away, whatever product type they are of.
  { key: 'sales', labelKey: 'layout:nav.sales', icon: <ShoppingCartOutlined />, open: true },
  { key: 'posts', labelKey: 'layout:nav.posts', icon: <FileTextOutlined /> },
  { key: 'post-types', labelKey: 'layout:nav.postTypes', icon: <ProfileOutlined />, flat: true },
  { key: 'comments', labelKey: 'layout:nav.comments', icon: <CommentOutlined />, flat: true },
  { key: 'feedback', labelKey: 'layout:nav.feedback', icon: <MessageOutlined />, flat: true },
  { key: 'ratings', labelKey: 'layout:nav.ratings', icon: <StarOutlined />, flat: true },
  { key: 'seo', labelKey: 'layout:nav.seo', icon: <SearchOutlined />, flat: true },
  { key: 'agencies', labelKey: 'layout:nav.agencies', icon: <ShopOutlined />, flat: true },
  { key: 'warehouse', labelKey: 'layout:nav.warehouse', icon: <HomeOutlined /> },
  { key: 'media', labelKey: 'layout:nav.media', icon: <PictureOutlined />, flat: true },
  { key: 'users', labelKey: 'layout:nav.users', icon: <TeamOutlined /> },
  { key: 'settings', labelKey: 'layout:nav.settings', icon: <SettingOutlined /> },
  { key: 'appearance', labelKey: 'layout:nav.appearance', icon: <BgColorsOutlined /> },
  { key: 'widgets', labelKey: 'layout:nav.widgets', icon: <AppstoreOutlined />, flat: true },
  { key: 'languages', labelKey: 'layout:nav.languages', icon: <GlobalOutlined />, flat: true },
];
