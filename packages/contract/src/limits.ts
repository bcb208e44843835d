/** Business constants and limits from the specification, shared by server and web. */

export const APP_NAME_DEFAULT = 'Curio';

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 20;
export const HANDLE_PATTERN = /^[a-z0-9_]{3,20}$/;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 300;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MAX_ITEMS_PER_SHELF = 50;
export const MAX_PHOTOS_PER_ITEM = 10;
export const MIN_PHOTOS_PER_ITEM = 1;
export const GENERATION_COST = 3;
export const VARIANTS_PER_GENERATION = 5;
export const WIZARD_STEPS = 4;
export const VARIANTS_PER_ROW = 3;

export const PHOTO_ROLES = ['front', 'side', 'back', 'box', 'detail'] as const;
export type PhotoRole = (typeof PHOTO_ROLES)[number];

export const STYLES = ['bookshelf_hero', 'bright_gallery', 'manga_halftone', 'museum_brick_exhibit', 'desk_figure_prototype'] as const;
export type Style = (typeof STYLES)[number];
export const DEFAULT_STYLE: Style = 'bookshelf_hero';

/** The languages the app is written in (both catalogs); generated images write their words in one of them. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SHELF_DEFAULT_COLS = 6;
export const SHELF_DEFAULT_ROWS = 3;
export const SHELF_MIN_SIZE = 1;
export const SHELF_MAX_SIZE = 12;

export const ROLES = ['admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

/** Invite codes: prefix + 8 characters of an unambiguous alphabet (no I, O, 0, 1). */
export const INVITE_PREFIX_DEFAULT = 'CURIO-';
export const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_BODY_LENGTH = 8;
export const INVITE_CODE_MAX = 40;

export const LANDING_GALLERY = { sort: 'trending', timeRange: '7d', includeNSFW: false, limit: 8 } as const;

export const LIVE_ANNOUNCEMENT_CLEAR_MS = 1000;
export const ANALYTICS_DEBOUNCE_MS = 100;
export const ANNOUNCEMENT_DAYS = 365;
export const ANALYTICS_ANONYMIZE_DAYS = 30;
export const ANALYTICS_DELETE_DAYS = 90;
export const ERROR_STACK_MAX = 200;

/** 27 EU member states plus the United Kingdom under both its codes: 29 codes. */
export const EU_REGION_CODES = [
  'at',
  'be',
  'bg',
  'hr',
  'cy',
  'cz',
  'dk',
  'ee',
  'fi',
  'fr',
  'de',
  'gr',
  'hu',
  'ie',
  'it',
  'lv',
  'lt',
  'lu',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'si',
  'es',
  'se',
  'gb',
  'uk',
] as const;

export const STORAGE_KEYS = {
  consent: 'curio.analytics-consent',
  announcementDismissed: (title: string) => `curio.announcement-dismissed:${title}`,
  language: 'curio.lang',
  theme: 'curio.theme',
} as const;

export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'item_view',
  'item_generate_error',
  'shelf_arranged',
  'profile_view',
  'follow_clicked',
  'signup_completed',
  'onboarding_completed',
] as const;

/**
 * Pages the server answers a guest with their first pictures already in place (the web build pre-renders
 * `<page>-images.<lang>.html` with `PAGE_IMAGE_TOKEN(i)` where picture i goes; the server puts the image
 * ids there and names them in a `<meta name={PAGE_IMAGES_META}>` the page's first render reads).
 */
export const PAGE_IMAGES_META = 'curio-page-images';
export const PAGE_IMAGE_SLOTS = { explore: 4, item: 1 } as const;
export const PAGE_IMAGE_TOKEN = (slot: number) => `__CURIO_IMAGE_${slot}__`;
/**
 * Where the server puts a page it renders per request (a guest's profile) in the web build's
 * `shell.<lang>.html`: the `#root` element holds this comment.
 */
export const PAGE_ROOT_SLOT = '<!--curio-root-->';

/**
 * The server's word, in a page's head, that the request for it carried no session cookie: the web app
 * then starts signed out instead of asking for the session first (a guest's first render is final).
 */
export const GUEST_PAGE_META = 'curio-guest';

// Explore, comments, mentions and privacy (their schemas: social.ts). Constants the pages import live here,
// in a module without zod, so that a page that needs a limit builds no schema when it loads.
export const EXPLORE_SORTS = ['trending', 'new', 'top'] as const;
export const TIME_RANGES = ['24h', '7d', '30d', 'all'] as const;
export const EXPLORE_PAGE_SIZE = 30;
export const EXPLORE_TOP_TAGS = 15;
export const EXPLORE_SKELETONS = 8;
export const COMMENT_MAX = 500;
export const COMMENT_INPUT_MAX = 600;
export const COMMENT_PAGE = 20;
export const MENTION_MIN = 2;
export const MENTION_LIMIT = 8;
export const NSFW_CONSENT_MS = 86_400_000;
export const SETTINGS_DEBOUNCE_MS = 500;
export const DM_OPTIONS = ['everyone', 'followed_only'] as const;
export const SOCIAL_MESSAGES = {
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: 'Comment must be 500 characters or less',
  commentRateLimit: 'Please wait before posting another comment',
  /** A block between the commenter and the item's owner, either way (403 `blocked`). */
  commentBlocked: 'You cannot comment on this item',
} as const;

// Items and uploads (their schemas: shelf.ts).
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** What the browser may offer; the server decodes the file and trusts neither the name nor the type. */
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif', 'image/gif'] as const;
export const TITLE_MAX = 100;
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;
export const METADATA_MAX = 1000;
/** Alt text of an item's chosen image or of a photo. */
export const ALT_TEXT_MAX = 300;

// Reports and moderation (their schemas: moderation.ts).
export const REPORT_REASONS = ['spam', 'harassment', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_TARGET_TYPES = ['item', 'comment', 'profile', 'thread'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a moderation action can be about: a reported target, or a DMCA notice. */
export const MODERATION_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'dmca'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];
export const DMCA_STATUSES = ['open', 'needinfo', 'hidden', 'dismissed', 'resolved'] as const;
export type DmcaStatus = (typeof DMCA_STATUSES)[number];
export const REPORT_NOTE_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;

// Direct messages (their schemas: social-graph.ts).
export const DM_MAX = 1000;
export const DM_MESSAGES = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be ${DM_MAX} characters or less`,
  /** Spec part 2 §8. */
  tooFast: 'Please wait before sending another message',
  hourly: 'Hourly message limit reached',
  blocked: 'You cannot message this person',
  notAllowed: 'This person only accepts messages from people they follow',
} as const;
