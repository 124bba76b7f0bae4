import type { FeedbackType } from '../../../domain/contracts/support';

export const COMMUNITY_URL = 'https://github.com/esg-pilot/esg-pilot/discussions';
export const DOCUMENTATION_URL = 'https://github.com/esg-pilot/esg-pilot/tree/main/docs';

export const PRODUCT_NAME = 'ESG Pilot';
export const PRODUCT_VERSION = '0.1.0';

/** spec §2: the feedback dialog's title for each type. */
export const FEEDBACK_DIALOG_TITLES: Record<FeedbackType, string> = {
  bug: 'Report a Bug',
  feature: 'Request a Feature',
  support: 'Get Support',
  other: 'General Feedback',
};

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  support: 'Support',
  bug: 'Bug report',
  feature: 'Feature request',
  other: 'General feedback',
};

/** The contract's feedback types in menu order; the Record above makes any missing one a type error. */
export const FEEDBACK_TYPES = Object.keys(FEEDBACK_TYPE_LABELS) as FeedbackType[];
