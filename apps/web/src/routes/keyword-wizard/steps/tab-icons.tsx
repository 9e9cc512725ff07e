import AccountTree from '@mui/icons-material/AccountTree';
import Apps from '@mui/icons-material/Apps';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Campaign from '@mui/icons-material/Campaign';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Description from '@mui/icons-material/Description';
import DeveloperBoard from '@mui/icons-material/DeveloperBoard';
import Event from '@mui/icons-material/Event';
import Factory from '@mui/icons-material/Factory';
import FilterList from '@mui/icons-material/FilterList';
import Home from '@mui/icons-material/Home';
import Inventory2 from '@mui/icons-material/Inventory2';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Link from '@mui/icons-material/Link';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import RssFeed from '@mui/icons-material/RssFeed';
import Storefront from '@mui/icons-material/Storefront';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Tune from '@mui/icons-material/Tune';
import type { TabIcon as TabIconName } from '@siteseer/core';

/** A picture for each icon name of the spec, so the editor shows what the name stands for. */
const ICONS: Record<TabIconName, typeof Home> = {
  home: Home,
  'cross-reference': CompareArrows,
  product: Inventory2,
  documentation: Description,
  pdf: PictureAsPdf,
  hyperlink: Link,
  support: SupportAgent,
  video: OndemandVideo,
  all: Apps,
  parametric: Tune,
  filter: FilterList,
  back: ArrowBack,
  next: ArrowForward,
  solution: Lightbulb,
  'block-diagram': AccountTree,
  'eval-board': DeveloperBoard,
  blog: RssFeed,
  event: Event,
  manufacturer: Factory,
  'press-release': Campaign,
  markets: Storefront,
};

/** The picture of a tab icon; decorative (the icon's name is always written next to it). */
export function TabIcon({ name }: { name: TabIconName }) {
  const Icon = ICONS[name];
  return <Icon fontSize="small" aria-hidden />;
}
