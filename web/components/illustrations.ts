// Written by scripts/make-illustrations.ts: what each of the seed's drawings shows.
export const ILLUSTRATION_ALT: Readonly<Record<string, string>> = {
  '/images/course-kids.svg': 'Three children in white gi and yellow belts practising a front punch together on the dojo floor',
  '/images/course-adult-beginners.svg': 'A beginner in a white gi and white belt bowing at the edge of the dojo floor',
  '/images/course-kata.svg': 'A karateka in a low stance making a rising block in front of a red ensō circle',
  '/images/course-kumite.svg': 'Two students sparring, one with red mitts and belt, one with blue, a referee line between them',
  '/images/course-self-defence.svg': 'A student striking a padded shield held by a partner, both in training clothes',
  '/images/course-black-belt.svg': 'A black belt with embroidered gold stripes tied in a knot on a dark red background',
  '/images/product-gi.svg': 'A white student karate gi with a white belt',
  '/images/product-gi-kata.svg': 'A heavy white competition gi with thick lapels and a red belt, on a dark background',
  '/images/product-old-gi.svg': 'A canvas karate gi in natural beige',
  '/images/product-belt.svg': 'Rank belts in white, yellow, orange, green, blue, purple and brown, stacked',
  '/images/product-black-belt.svg': 'A black belt embroidered with a name in gold thread',
  '/images/product-gloves.svg': 'A pair of open-hand sparring mitts, one red and one blue',
  '/images/product-shin.svg': 'A pair of padded shin guards with instep pads, in red and blue',
  '/images/product-mouthguard.svg': 'A clear blue boil-and-bite mouth guard beside its red case',
  '/images/product-bag.svg': 'A dark red gear duffel bag with a ventilated end pocket and the school crest',
  '/images/product-bottle.svg': 'A tall steel water bottle in teal with a black cap',
  '/images/product-tshirt.svg': 'A black cotton T-shirt with the school crest on the chest',
  '/images/product-makiwara.svg': 'A wall-mounted makiwara striking pad wrapped in rope, with a fist striking it',
  '/images/post-grading.svg': 'A grading in the dojo: a student performs a kata in front of the judging table',
  '/images/post-camp.svg': 'A training camp by a lake: a student kicks on the shore at sunrise next to a tent',
  '/images/post-tournament.svg': 'A tournament podium with three students in gi wearing gold, silver and bronze medals',
  '/images/post-timetable.svg': 'A weekly timetable board with class slots marked in red',
  '/images/instructor-kenji-yamada.svg': 'Illustrated portrait of Kenji Yamada: short grey hair and moustache, white gi, black belt',
  '/images/instructor-maya-ito.svg': 'Illustrated portrait of Maya Ito: dark hair in a bun, white gi, black belt',
  '/images/instructor-aiko-mori.svg': 'Illustrated portrait of Aiko Mori: chin-length dark brown hair, white gi, black belt',
};

/** The alt text of an image: the drawing's description when it is one of ours, else the fallback (the item's name). */
export const describeImage = (src: string, fallback: string): string => ILLUSTRATION_ALT[src] ?? fallback;
