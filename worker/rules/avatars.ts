/**
 * The bundled profile pictures (public/avatars/{id}.svg), spec §3 Profile picture. A profile's
 * `picture` is one of these ids; anything else (an older value) shows the first.
 */
export const AVATARS = ['avatar-1', 'avatar-2', 'avatar-3', 'avatar-4', 'avatar-5', 'avatar-6', 'avatar-7', 'avatar-8'] as const;
export type Avatar = (typeof AVATARS)[number];

export const isAvatar = (value: string): value is Avatar => (AVATARS as readonly string[]).includes(value);

export const avatarUrl = (picture: string): string => `/avatars/${isAvatar(picture) ? picture : AVATARS[0]}.svg`;
