import type { CardInput } from './protocol.ts'

// Fixed cards for the golden-image test, the hostile-text tests and the preview script.

export const GOLDEN_CARD: CardInput = {
  emoji: '🪑',
  title: 'Benched Beast',
  manager: 'Sam Ødegaard-Łukasz',
  description: '25 points left on the bench this gameweek 🔥 The manager who picked the right players and then benched them.',
  league_name: 'The Pub League',
  league_members: 4,
  fpl_league_size: 12,
  product_name: 'Banter Arena',
}

const LONG = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40).slice(0, 2000)

export const HOSTILE_CARDS: Record<string, CardInput> = {
  markup: {
    emoji: '"><img src=x onerror=alert(1)>',
    title: '"><script>alert(1)</script>',
    manager: '<b>bold</b> & </title>',
    description: `Ben & Jerry's "bench" <b>25</b> <svg onload=alert(1)> ]]> <!-- -->`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe; it must reach the card as typed
    league_name: '{{7*7}} ${7*7} %s %n',
    league_members: 3,
    fpl_league_size: null,
    product_name: 'Banter Arena',
  },
  long: {
    emoji: '🏆'.repeat(500),
    title: LONG,
    manager: 'W'.repeat(2000),
    description: LONG,
    league_name: 'Supercalifragilisticexpialidocious'.repeat(60),
    league_members: 123456789,
    fpl_league_size: 100_000,
    product_name: 'Banter Arena',
  },
  rtl: {
    emoji: '🦸🏽‍♀️',
    title: 'מלך הספסל 2024',
    manager: 'محمد صلاح',
    description: 'Captain (קפטן) scored 25 نقطة in gameweek 7, then ‮reversed‬ text.',
    league_name: 'ليغ الأصدقاء',
    league_members: 40,
    fpl_league_size: 1,
    product_name: 'Banter Arena',
  },
  scripts: {
    emoji: '🇬🇧',
    title: 'Παπαδόπουλος 山田太郎 สวัสดี नमस्ते',
    manager: 'Дмитрий Ødegaard Şahin Đorđević',
    description: 'Scripts without a bundled font (Greek, CJK, Thai, Devanagari) are drawn as tiles, one per character: 山田.',
    league_name: 'Лига чемпионов',
    league_members: 2,
    fpl_league_size: null,
    product_name: 'Banter Arena',
  },
  invisible: {
    emoji: '\u200b\u200d\ufe0f',
    title: 'Zero\u200bwidth\u200c joiners\u200d and\u2060 marks\ufeff\u202e',
    manager: '\u0000\u0007Sam\u000b\u001b[31m',
    description: 'Tabs\tand\nnew\r\nlines and \u00ad soft hyphens 👨‍👩‍👧‍👦 🏳️‍🌈 🇬🇧 1️⃣ 🫨',
    league_name: '\u200b',
    league_members: 1,
    fpl_league_size: null,
    product_name: 'Banter Arena',
  },
}

/** A season's champion (decision 184): the same card in its gold look, words as shares.ts stores them. */
export const CHAMPION_CARD: CardInput = {
  kind: 'champion',
  emoji: '🏆',
  title: 'Season champion 2026/27',
  manager: 'Sam Ødegaard-Łukasz',
  description: 'Champion of The Pub League with 2,345 points',
  league_name: 'The Pub League',
  league_members: 4,
  fpl_league_size: 12,
  product_name: 'Banter Arena',
}

export const SAMPLE_CARDS: Record<string, CardInput> = {
  golden: GOLDEN_CARD,
  clampedEmoji: { ...GOLDEN_CARD, title: '🔥 Hot streak 🔥 '.repeat(6), description: '🔥'.repeat(200) },
  tornado: {
    emoji: '🌪️',
    title: 'Transfer Tornado',
    manager: 'Chris',
    description: '6 transfers, 2 hits, 8 points spent.',
    league_name: 'Office Legends',
    league_members: 1,
    fpl_league_size: null,
    product_name: 'Banter Arena',
  },
  champion: CHAMPION_CARD,
  jointChampions: {
    ...CHAMPION_CARD,
    manager: 'Alexandra Montgomery-Smythe & Bartholomew Featherstonehaugh',
    description: 'Joint champions of The Pub League with 2,290 points',
  },
  ...HOSTILE_CARDS,
}
