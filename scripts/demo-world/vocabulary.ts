// Hand-written vocabulary for believable stories: topics with their own nouns, so a
// story about Python talks about virtual environments rather than random dictionary words.

export type TopicGroup = 'tech' | 'design' | 'business' | 'self' | 'culture' | 'world' | 'life';

export interface Topic {
  slug: string;
  title: string;
  description: string;
  group: TopicGroup;
  /** Noun phrases that read naturally after "about", "with" or at a sentence start. */
  nouns: readonly string[];
}

export const TOPICS: readonly Topic[] = [
  { slug: 'programming', title: 'Programming', group: 'tech', description: 'Writing code, reading code and everything in between.',
    nouns: ['code review', 'technical debt', 'unit testing', 'refactoring', 'legacy code', 'naming things', 'abstraction', 'the debugger', 'side projects', 'pair programming', 'error handling', 'clean code'] },
  { slug: 'javascript', title: 'JavaScript', group: 'tech', description: 'The language of the web, its tools and its quirks.',
    nouns: ['the event loop', 'async code', 'bundle size', 'TypeScript', 'React hooks', 'closures', 'the npm ecosystem', 'promises', 'server rendering', 'state management', 'the DOM', 'build tooling'] },
  { slug: 'python', title: 'Python', group: 'tech', description: 'Python for scripts, services and science.',
    nouns: ['virtual environments', 'type hints', 'list comprehensions', 'pandas', 'packaging', 'the GIL', 'decorators', 'Jupyter notebooks', 'asyncio', 'dependency pinning', 'data classes', 'pytest'] },
  { slug: 'software-engineering', title: 'Software Engineering', group: 'tech', description: 'Building software with other people, at scale and over time.',
    nouns: ['system design', 'on-call rotations', 'incident reviews', 'microservices', 'monoliths', 'code ownership', 'deploy pipelines', 'feature flags', 'observability', 'architecture decisions', 'estimates', 'backward compatibility'] },
  { slug: 'data-science', title: 'Data Science', group: 'tech', description: 'Turning messy data into decisions.',
    nouns: ['data cleaning', 'A/B testing', 'feature engineering', 'dashboards', 'sampling bias', 'causal inference', 'SQL', 'data pipelines', 'metrics', 'visualization', 'outliers', 'forecasting'] },
  { slug: 'artificial-intelligence', title: 'Artificial Intelligence', group: 'tech', description: 'Machine learning, language models and what they mean for us.',
    nouns: ['language models', 'training data', 'evaluation', 'prompting', 'model alignment', 'neural networks', 'benchmarks', 'inference costs', 'fine-tuning', 'AI safety', 'embeddings', 'automation'] },
  { slug: 'web-development', title: 'Web Development', group: 'tech', description: 'Building for the open web, from HTML to the edge.',
    nouns: ['web performance', 'accessibility', 'CSS layout', 'caching', 'progressive enhancement', 'web fonts', 'edge computing', 'image formats', 'browser support', 'HTTP headers', 'forms', 'static sites'] },
  { slug: 'design', title: 'Design', group: 'design', description: 'How things look, feel and work.',
    nouns: ['typography', 'white space', 'design systems', 'color palettes', 'sketching', 'visual hierarchy', 'grids', 'brand identity', 'iconography', 'critique', 'prototypes', 'constraints'] },
  { slug: 'ux', title: 'UX', group: 'design', description: 'Research, usability and the experience of using things.',
    nouns: ['user research', 'usability testing', 'onboarding', 'empty states', 'error messages', 'user interviews', 'information architecture', 'dark patterns', 'microcopy', 'personas', 'navigation', 'friction'] },
  { slug: 'startup', title: 'Startup', group: 'business', description: 'Founding, funding and surviving a young company.',
    nouns: ['product-market fit', 'fundraising', 'early hiring', 'runway', 'pivots', 'pricing', 'first customers', 'cofounder conflict', 'burn rate', 'investor updates', 'growth loops', 'churn'] },
  { slug: 'entrepreneurship', title: 'Entrepreneurship', group: 'business', description: 'Starting something of your own.',
    nouns: ['bootstrapping', 'side businesses', 'cash flow', 'niche markets', 'cold email', 'risk', 'solo founding', 'small profitable businesses', 'negotiation', 'failure', 'customer support', 'focus'] },
  { slug: 'leadership', title: 'Leadership', group: 'business', description: 'Leading teams and being worth following.',
    nouns: ['one-on-ones', 'feedback', 'delegation', 'hiring', 'team culture', 'difficult conversations', 'meetings', 'trust', 'managing up', 'performance reviews', 'psychological safety', 'decision making'] },
  { slug: 'productivity', title: 'Productivity', group: 'self', description: 'Doing the work that matters, without burning out.',
    nouns: ['deep work', 'to-do lists', 'time blocking', 'email', 'morning routines', 'distraction', 'note taking', 'weekly reviews', 'procrastination', 'focus', 'calendars', 'saying no'] },
  { slug: 'self-improvement', title: 'Self Improvement', group: 'self', description: 'Habits, growth and becoming who you want to be.',
    nouns: ['habits', 'discipline', 'journaling', 'confidence', 'goal setting', 'reading more', 'comfort zones', 'consistency', 'self-talk', 'learning new skills', 'motivation', 'patience'] },
  { slug: 'writing', title: 'Writing', group: 'culture', description: 'The craft and business of writing.',
    nouns: ['first drafts', 'editing', 'writer\u2019s block', 'voice', 'headlines', 'the blank page', 'rewriting', 'feedback from readers', 'publishing', 'daily writing', 'structure', 'clarity'] },
  { slug: 'books', title: 'Books', group: 'culture', description: 'Reading, rereading and recommending.',
    nouns: ['reading lists', 'used bookstores', 'literary fiction', 'audiobooks', 'book clubs', 'margin notes', 'classic novels', 'libraries', 'rereading', 'translation', 'short stories', 'memoirs'] },
  { slug: 'psychology', title: 'Psychology', group: 'self', description: 'How minds work and why we do what we do.',
    nouns: ['cognitive biases', 'memory', 'attention', 'motivation', 'social proof', 'loss aversion', 'emotions', 'decision fatigue', 'the placebo effect', 'identity', 'attachment', 'willpower'] },
  { slug: 'mental-health', title: 'Mental Health', group: 'self', description: 'Care for the mind, honestly discussed.',
    nouns: ['anxiety', 'burnout', 'therapy', 'rest', 'boundaries', 'loneliness', 'grief', 'sleep', 'recovery', 'self-compassion', 'stress', 'asking for help'] },
  { slug: 'health', title: 'Health', group: 'self', description: 'Bodies, medicine and living well.',
    nouns: ['sleep', 'strength training', 'nutrition', 'walking', 'preventive care', 'running', 'posture', 'hydration', 'recovery days', 'blood pressure', 'stretching', 'screen time'] },
  { slug: 'science', title: 'Science', group: 'world', description: 'Discoveries, methods and the people behind them.',
    nouns: ['peer review', 'replication', 'telescopes', 'the microbiome', 'particle physics', 'field research', 'citizen science', 'lab work', 'scientific models', 'uncertainty', 'evolution', 'the scientific method'] },
  { slug: 'climate-change', title: 'Climate Change', group: 'world', description: 'A warming planet and what we can still do.',
    nouns: ['carbon emissions', 'heat pumps', 'renewable energy', 'sea level rise', 'climate policy', 'electric cars', 'reforestation', 'grid storage', 'heat waves', 'adaptation', 'carbon pricing', 'public transit'] },
  { slug: 'politics', title: 'Politics', group: 'world', description: 'Power, policy and public life.',
    nouns: ['local elections', 'polarization', 'public policy', 'voter turnout', 'town halls', 'campaign finance', 'civic trust', 'housing policy', 'the news cycle', 'coalitions', 'debates', 'institutions'] },
  { slug: 'economics', title: 'Economics', group: 'world', description: 'Markets, money and incentives.',
    nouns: ['inflation', 'interest rates', 'housing prices', 'incentives', 'productivity growth', 'labor markets', 'trade', 'wages', 'recessions', 'small businesses', 'savings', 'supply chains'] },
  { slug: 'history', title: 'History', group: 'world', description: 'The past, and how it explains the present.',
    nouns: ['the printing press', 'old maps', 'archives', 'forgotten inventions', 'ancient Rome', 'the industrial revolution', 'oral history', 'trade routes', 'medieval cities', 'historical fiction', 'local museums', 'letters'] },
  { slug: 'travel', title: 'Travel', group: 'life', description: 'Going places, slowly and well.',
    nouns: ['night trains', 'packing light', 'small towns', 'travel guides', 'jet lag', 'street food', 'hiking trails', 'getting lost', 'hostels', 'slow travel', 'border crossings', 'learning a language'] },
  { slug: 'food', title: 'Food', group: 'life', description: 'Cooking, eating and the stories behind recipes.',
    nouns: ['sourdough', 'home cooking', 'family recipes', 'knife skills', 'fermentation', 'weeknight dinners', 'spices', 'farmers markets', 'meal planning', 'coffee', 'baking', 'leftovers'] },
  { slug: 'music', title: 'Music', group: 'culture', description: 'Listening, playing and the business of sound.',
    nouns: ['vinyl records', 'practice routines', 'live shows', 'songwriting', 'playlists', 'streaming royalties', 'jazz', 'home recording', 'music theory', 'old guitars', 'film scores', 'choirs'] },
  { slug: 'film', title: 'Film', group: 'culture', description: 'Cinema, television and the art of the moving image.',
    nouns: ['cinematography', 'screenplays', 'film festivals', 'sound design', 'documentaries', 'remakes', 'independent film', 'editing rooms', 'movie theaters', 'animation', 'casting', 'long takes'] },
  { slug: 'parenting', title: 'Parenting', group: 'life', description: 'Raising kids and being raised by them.',
    nouns: ['bedtime routines', 'screen time', 'toddlers', 'school mornings', 'sibling rivalry', 'homework', 'play', 'patience', 'family dinners', 'teenagers', 'independence', 'childcare'] },
  { slug: 'philosophy', title: 'Philosophy', group: 'life', description: 'Old questions, asked again.',
    nouns: ['stoicism', 'free will', 'ethics', 'meaning', 'happiness', 'certainty', 'the good life', 'moral luck', 'friendship', 'time', 'virtue', 'doubt'] },
];

export const TECH_LANGUAGES_BY_TOPIC: Readonly<Record<string, readonly string[]>> = {
  programming: ['typescript', 'python', 'go', 'rust'],
  javascript: ['javascript', 'typescript'],
  python: ['python'],
  'software-engineering': ['go', 'typescript', 'bash', 'yaml'],
  'data-science': ['python', 'sql'],
  'artificial-intelligence': ['python'],
  'web-development': ['javascript', 'typescript', 'css', 'html'],
};

/**
 * Code blocks for PRE paragraphs. Quotes, semicolons, comment markers and backslashes are
 * deliberate: they keep the SQL writer and wrangler's statement splitter honest.
 */
export const CODE_SNIPPETS: Readonly<Record<string, readonly string[]>> = {
  javascript: [
    "const cache = new Map();\n\nexport async function load(id) {\n  if (cache.has(id)) return cache.get(id);\n  const res = await fetch(`/api/items/${id}`);\n  const item = await res.json();\n  cache.set(id, item);\n  return item;\n}",
    "document.querySelectorAll('a[href^=\"http\"]').forEach((link) => {\n  link.rel = 'noopener noreferrer'; // don't leak the opener\n});",
    "const debounce = (fn, ms = 200) => {\n  let timer;\n  return (...args) => {\n    clearTimeout(timer);\n    timer = setTimeout(() => fn(...args), ms);\n  };\n};",
  ],
  typescript: [
    "type Result<T> = { ok: true; value: T } | { ok: false; error: string };\n\nfunction parsePort(input: string): Result<number> {\n  const port = Number.parseInt(input, 10);\n  return Number.isInteger(port) && port > 0 ? { ok: true, value: port } : { ok: false, error: `bad port: '${input}'` };\n}",
    "export function groupBy<T, K extends string>(items: T[], key: (item: T) => K): Record<K, T[]> {\n  const out = {} as Record<K, T[]>;\n  for (const item of items) (out[key(item)] ??= []).push(item);\n  return out;\n}",
  ],
  python: [
    "import pandas as pd\n\ndf = pd.read_csv('events.csv', parse_dates=['created_at'])\nweekly = df.groupby(pd.Grouper(key='created_at', freq='W'))['user_id'].nunique()\nprint(weekly.tail())",
    "from dataclasses import dataclass\n\n@dataclass(frozen=True)\nclass Point:\n    x: float\n    y: float\n\n    def __str__(self) -> str:\n        return f\"({self.x}, {self.y})\"",
    "def chunks(items, size):\n    \"\"\"Yield successive slices; the last one may be short.\"\"\"\n    for start in range(0, len(items), size):\n        yield items[start:start + size]",
  ],
  sql: [
    "SELECT author, COUNT(*) AS stories\nFROM posts\nWHERE status = 'PUBLISHED' -- drafts don't count\nGROUP BY author\nORDER BY stories DESC\nLIMIT 10;",
    "UPDATE accounts SET note = 'it''s done; /* not a comment */' WHERE id = 42;\nSELECT * FROM accounts WHERE id = 42;",
  ],
  go: [
    "func retry(ctx context.Context, attempts int, fn func() error) error {\n\tvar err error\n\tfor i := 0; i < attempts; i++ {\n\t\tif err = fn(); err == nil {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)\n\t}\n\treturn fmt.Errorf(\"after %d attempts: %w\", attempts, err)\n}",
  ],
  rust: [
    "fn word_counts(text: &str) -> HashMap<&str, usize> {\n    let mut counts = HashMap::new();\n    for word in text.split_whitespace() {\n        *counts.entry(word).or_insert(0) += 1;\n    }\n    counts\n}",
  ],
  bash: [
    "#!/usr/bin/env bash\nset -euo pipefail\nfor f in logs/*.log; do\n  grep -c 'ERROR' \"$f\" || true\ndone | sort -n | tail -5",
  ],
  yaml: [
    "jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test",
  ],
  css: [
    ".grid {\n  display: grid;\n  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));\n  gap: 1.5rem;\n}\n\n.grid > * { min-width: 0; } /* let long words wrap */",
  ],
  html: [
    "<picture>\n  <source srcset=\"hero.avif\" type=\"image/avif\">\n  <img src=\"hero.jpg\" alt=\"A quiet street at dawn\" width=\"1200\" height=\"800\" loading=\"lazy\">\n</picture>",
  ],
};

/** Short inline code tokens for CODE markups in technical paragraphs. */
export const INLINE_CODE = [
  'useEffect', 'git rebase -i', 'async/await', 'SELECT COUNT(*)', 'npm install', 'pd.DataFrame', 'Array.prototype.map',
  '__init__', 'Promise.all', 'Cache-Control', 'EXPLAIN QUERY PLAN', 'pip freeze', 'console.log', 'null', 'git bisect',
];

export const ADJECTIVES = [
  'quiet', 'stubborn', 'surprising', 'fragile', 'underrated', 'messy', 'honest', 'strange', 'practical', 'overlooked',
  'simple', 'difficult', 'beautiful', 'slow', 'radical', 'boring', 'ambitious', 'humble', 'hidden', 'useful',
];

/** Always plural: templates conjugate for "they". */
export const PEOPLE = [
  'most people', 'my colleagues', 'the best writers I know', 'beginners', 'experts', 'my editors', 'my friends',
  'the people I admire', 'my old managers', 'new parents', 'senior engineers', 'my readers', 'students', 'critics',
];

/** Sentence templates: {n} and {m} are topic nouns, {a} an adjective, {p} people, {d} a number, {y} a year. */
export const SENTENCES = [
  'Most of what I know about {n} I learned the hard way.',
  'The problem is not {n}; it is the way we talk about {m}.',
  'It took me {d} years to understand the point of {n}.',
  '{p} tend to underestimate the effort behind {n}.',
  'The first time I tried {n}, nothing worked the way the books promised.',
  'Here is the uncomfortable part: work on {n} rarely fails for technical reasons.',
  'If you remember one thing from this piece, make it this: progress with {n} compounds.',
  'We spent {d} weeks arguing about {n} before anyone asked what {p} actually wanted.',
  'There is something {a} about letting go of {n}.',
  'Nobody warned me that {n} and {m} would turn out to be the same problem.',
  'In {y}, almost nobody I knew was talking about {n}.',
  'The data says one thing; my experience with {n} says something slightly different.',
  'That small change to how I approach {n} saved me hours every week.',
  '{p} often ask me where to start with {n}.',
  'The answer, as usual, was hiding in {m}.',
  'I used to think of {n} as {a}. I was wrong.',
  'Every conversation about {n} eventually turns into a conversation about {m}.',
  'You do not need permission to get better at {n}.',
  'Looking back, the warning signs around {n} were everywhere.',
  'Some of the best advice on {n} came from people outside the field.',
  'The {a} truth is that getting good at {n} takes time.',
  'What changed was not {n}, but how I measured my progress.',
  'By the third attempt, working on {n} finally started to feel natural.',
  'There is no shortcut here, but there is a better map of {n}.',
  'The more I read about {n}, the less certain I became.',
  'Ask ten experts about {n} and you will get eleven opinions.',
  'Small habits around {n} beat grand plans every time.',
  'I kept a notebook on {n} for {d} months, and the patterns surprised me.',
  'It is easy to confuse being busy with {n} with making progress on it.',
  'Somewhere between {n} and {m} lies the work that actually matters.',
  'When I explained {n} to {p}, I realised how little I understood it myself.',
  'The tools around {n} keep changing; the fundamentals barely move.',
  'The {a} idea about {n} is often worth more than the clever one.',
  'I don\u2019t think the attention paid to {n} is misplaced, but it is often shallow.',
  'None of this works without a little patience with {m}.',
  'It\u2019s tempting to treat {n} as a checklist. It isn\u2019t one.',
  'For {d} years I avoided {n} entirely, and I paid for it.',
  'The people who are good at {n} rarely talk about it.',
  'From the outside, good work on {n} looks boring.',
  'What surprised me most was how much {m} depended on {n}.',
];

export const HEADINGS = [
  'The point of {n}', 'The trouble with {n}', 'What I got wrong about {n}', 'Starting with {n}',
  'A better way to think about {n}', 'Lessons from {n}', 'What comes after {n}', 'The case for {m}',
  'Putting it together', 'What to do on Monday', 'A short history of {n}', 'Measuring {n}', 'The part nobody mentions',
  'Getting {n} wrong', 'Small steps', 'What I would tell my younger self', 'The real cost of {n}', 'Beyond {n}',
];

export const TITLES = [
  'Why Getting {N} Right Is Harder Than It Looks', '{D} Lessons From a Decade of {N}', 'The Quiet Power of {N}',
  'What Nobody Tells You About {N}', 'I Tried {N} for {D} Days. Here\u2019s What Happened.', 'Stop Worrying About {N}',
  'The Case Against {N}', 'How {N} Changed the Way I Think About {M}', 'The Truth About {N} Is Not What You Think',
  'A Beginner\'s Guide to {N}', 'The Hidden Cost of {N}', 'Everything I Know About {N}, in One Essay',
  'We Need to Talk About {N}', 'On {N} and {M}', 'The Day I Finally Understood {N}', 'Notes on {N}', '{N}, Reconsidered',
  'What Experts Get Wrong About {N}', 'Don\'t Fall for the \u201c{N}\u201d Myth', 'The {A} Art of {N}',
  'How to Think Clearly About {N}', 'Are We Overrating {N}?', 'The Unexpected Link Between {N} and {M}',
  'Why I Changed My Mind About {N}', '{D} Things I Wish I\'d Known About {N}', 'A Field Guide to {N}',
  'The Slow Way to Get Better at {N}', 'What {N} Taught Me About {M}', 'Inside the World of {N}', 'In Defense of {N}',
];

export const LIST_ITEMS = [
  'Start with {n}.', 'Keep {n} small and visible.', 'Measure {n} weekly, not daily.',
  'Write down one thing about {n} you would change.', 'Ask {p} what they think about {m}.',
  'Cut anything that does not serve {n}.', 'Revisit {m} after a month.', 'Share your notes on {n} with someone.',
  'Set a limit on {m}.', 'Read one good book on {n}.', 'Make {n} the first thing you do.', 'Forgive yourself for {m}.',
];

export const RESPONSES = [
  'This resonated with me, especially the part about {n}.', 'Great piece. I would add that context matters a lot with {n}.',
  'I disagree a little: {n} worked very differently in my experience.', 'Thank you for writing this.',
  'Saving this for my team.', 'Could you expand on {n} in a future post?', 'The section on {m} is spot on.',
  'Interesting take! Have you looked at how {m} plays into this?', 'I have been struggling with {n} for months, so this came at the right time.',
  'Clear, honest and practical. More of this, please.', 'My favourite line was the one about "{n}". So true.',
];

export const REPLIES = [
  'Fair point, thanks for reading.', 'Agreed, nobody talks enough about {n}.', 'Thank you! I am planning a follow-up on {m}.',
  'That is a great addition.', 'Same here. It took me years to see it.', 'Good question. Short answer: it depends on {n}.',
];

export const IMAGE_SCENES = [
  'a desk with a laptop and a cup of coffee', 'a city street at dusk', 'a stack of old books', 'a whiteboard covered in diagrams',
  'a mountain trail in fog', 'a kitchen table with handwritten notes', 'a crowded train platform', 'an empty conference room',
  'hands typing on a keyboard', 'a field of sunflowers', 'a notebook and a fountain pen', 'a quiet library reading room',
];

/** [originalWidth, originalHeight] of common photo shapes. */
export const IMAGE_SIZES: readonly (readonly [number, number])[] = [
  [1400, 933], [2000, 1333], [1600, 1067], [1200, 800], [3000, 2000], [1080, 1350], [1920, 1080], [800, 800],
];

export const LINK_TARGETS = [
  'https://en.wikipedia.org/wiki/{w}', 'https://example.com/essays/{s}', 'https://www.example.org/research/{s}',
  'https://blog.example.net/{s}', 'https://arxiv.org/abs/2405.{d5}', 'https://github.com/example/{s}',
];

export const EMBED_DOMAINS = ['example.com', 'example.org', 'blog.example.net', 'news.example.com'];

export interface PublicationSeed {
  slug: string;
  name: string;
  description: string;
  topics: readonly string[];
}

/** The ten publications; the first is the one served on a live custom domain. */
export const PUBLICATIONS: readonly PublicationSeed[] = [
  { slug: 'the-long-read', name: 'The Long Read', description: 'Essays that take their time. Published weekly.', topics: ['history', 'politics', 'books', 'philosophy'] },
  { slug: 'plain-data', name: 'Plain Data', description: 'Data science and analytics without the buzzwords.', topics: ['data-science', 'python', 'artificial-intelligence'] },
  { slug: 'signal-and-noise', name: 'Signal & Noise', description: 'Software engineering for people who ship.', topics: ['software-engineering', 'programming', 'javascript', 'web-development'] },
  { slug: 'field-notes', name: 'Field Notes', description: 'Science, climate and the natural world, reported from the ground.', topics: ['science', 'climate-change', 'travel'] },
  { slug: 'quiet-ambition', name: 'Quiet Ambition', description: 'Productivity and self-improvement for the rest of us.', topics: ['productivity', 'self-improvement', 'psychology'] },
  { slug: 'the-civic-desk', name: 'The Civic Desk', description: 'Local politics, policy and the economy, explained.', topics: ['politics', 'economics', 'history'] },
  { slug: 'slow-kitchen', name: 'Slow Kitchen', description: "Recipes, food culture and the joy of cooking that isn't rushed.", topics: ['food', 'travel', 'parenting'] },
  { slug: 'pixel-and-paper', name: 'Pixel & Paper', description: 'Design, UX and the craft of making things usable.', topics: ['design', 'ux', 'web-development'] },
  { slug: 'founders-notebook', name: "Founder's Notebook", description: 'Honest stories from people building companies.', topics: ['startup', 'entrepreneurship', 'leadership'] },
  { slug: 'open-mind', name: 'Open Mind', description: 'Mental health, health and the science of feeling better.', topics: ['mental-health', 'health', 'psychology'] },
];

export const LIST_NAMES = [
  'Best of {T}', 'Stories to reread', '{T} reading', 'Saved for the weekend', 'Worth sharing', 'My {T} favourites',
  'Read later: {T}', 'Essays that changed my mind', 'For the team', 'Good writing',
];

export const LIST_DESCRIPTIONS = [
  'Things I keep coming back to.', 'A running list, updated whenever I find something good.', '',
  'The best of what I read this year.', 'Recommended to anyone starting out.',
];
