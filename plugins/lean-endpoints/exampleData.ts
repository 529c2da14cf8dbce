// cspell:ignore Makati Inno ISAM BOPI ingverb Csvg Fwww Fsvg Bautista
/**
 * A small stand-in for the `@faker-js/faker` English locale that
 * postman-collection loads for Postman's dynamic variables (`{{$randomCity}}`
 * and the like). The request explorer never needs realistic fake data — Zip's
 * specs use no dynamic variables — but postman-collection requires the
 * library at load time, which put ≈ 0.4 MB (gzip) of word lists into every
 * endpoint page. This module answers the same calls with short, plausible
 * values. Wired in by the lean-endpoints plugin (index.ts beside this file);
 * every function postman-collection calls is listed (a unit test checks).
 */

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;
const integer = (min: number, max: number): number => min + Math.floor(Math.random() * (max - min + 1));
const digits = (count: number): string => Array.from({length: count}, () => String(integer(0, 9))).join('');
const hex = (count: number): string => Array.from({length: count}, () => integer(0, 15).toString(16)).join('');
const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

const wordList = ['alpha', 'bravo', 'cedar', 'delta', 'ember', 'falcon', 'garnet', 'harbour', 'island', 'jasmine', 'kite', 'lagoon', 'mango', 'nectar', 'orchid', 'pearl'];
const firstNames = ['Maria', 'Jose', 'Ana', 'Juan', 'Liza', 'Mark', 'Grace', 'Paolo'];
const lastNames = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Flores'];
const cities = ['Manila', 'Quezon City', 'Cebu City', 'Davao City', 'Makati', 'Iloilo City'];
const colours = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'teal', 'white'];
const sentence = (count = integer(4, 8)): string => `${capitalise(Array.from({length: count}, () => pick(wordList)).join(' '))}.`;
const words = (count = 3): string => Array.from({length: count}, () => pick(wordList)).join(' ');
const isoDate = (offsetDays: number): Date => new Date(Date.now() + offsetDays * 86_400_000);

export const datatype = {
  number: (options?: number | {min?: number; max?: number}): number =>
    typeof options === 'number' ? integer(0, options) : integer(options?.min ?? 0, options?.max ?? 99_999),
  boolean: (): boolean => Math.random() < 0.5,
  uuid: (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
};

export const random = {
  arrayElement: <T = string>(values: readonly T[] = wordList as unknown as readonly T[]): T => pick(values),
  word: (): string => pick(wordList),
  alphaNumeric: (count = 1): string => Array.from({length: count}, () => integer(0, 35).toString(36)).join(''),
};

export const name = {
  firstName: (): string => pick(firstNames),
  lastName: (): string => pick(lastNames),
  findName: (): string => `${pick(firstNames)} ${pick(lastNames)}`,
  prefix: (): string => pick(['Mr.', 'Ms.', 'Dr.']),
  suffix: (): string => pick(['Jr.', 'Sr.', 'III']),
  jobTitle: (): string => `${pick(['Senior', 'Lead', 'Junior'])} ${pick(['Payments', 'Finance', 'Support'])} ${pick(['Analyst', 'Engineer', 'Officer'])}`,
  jobArea: (): string => pick(['Payments', 'Finance', 'Support', 'Operations']),
  jobDescriptor: (): string => pick(['Senior', 'Lead', 'Junior', 'Principal']),
  jobType: (): string => pick(['Analyst', 'Engineer', 'Officer', 'Manager']),
};

export const phone = {
  phoneNumber: (): string => `+63 9${digits(2)} ${digits(3)} ${digits(4)}`,
  phoneNumberFormat: (): string => `09${digits(2)}-${digits(3)}-${digits(4)}`,
};

export const address = {
  city: (): string => pick(cities),
  country: (): string => 'Philippines',
  countryCode: (): string => 'PH',
  streetName: (): string => `${capitalise(pick(wordList))} Street`,
  streetAddress: (): string => `${integer(1, 999)} ${capitalise(pick(wordList))} Street`,
  latitude: (): string => (integer(5_000, 18_000) / 1000).toFixed(4),
  longitude: (): string => (integer(117_000, 126_000) / 1000).toFixed(4),
};

export const commerce = {
  color: (): string => pick(colours),
  department: (): string => pick(['Books', 'Garden', 'Grocery', 'Toys']),
  product: (): string => pick(['Chair', 'Shirt', 'Table', 'Lamp']),
  productAdjective: (): string => pick(['Handmade', 'Sleek', 'Sturdy']),
  productMaterial: (): string => pick(['Cotton', 'Wooden', 'Steel']),
  productName: (): string => `${pick(['Handmade', 'Sleek'])} ${pick(['Cotton', 'Wooden'])} ${pick(['Chair', 'Shirt'])}`,
};

export const company = {
  companyName: (): string => `${pick(lastNames)} ${pick(['Trading', 'Foods', 'Retail'])}`,
  companySuffix: (): string => pick(['Inc.', 'Corp.', 'Co.']),
  bs: (): string => words(3),
  bsAdjective: (): string => pick(wordList),
  bsBuzz: (): string => pick(wordList),
  bsNoun: (): string => pick(wordList),
  catchPhrase: (): string => words(3),
  catchPhraseAdjective: (): string => pick(wordList),
  catchPhraseDescriptor: (): string => pick(wordList),
  catchPhraseNoun: (): string => pick(wordList),
};

export const database = {
  collation: (): string => 'utf8_general_ci',
  column: (): string => pick(['id', 'title', 'status', 'created_at']),
  engine: (): string => pick(['InnoDB', 'MyISAM']),
  type: (): string => pick(['int', 'varchar', 'timestamp']),
};

export const date = {
  future: (): Date => isoDate(integer(1, 365)),
  past: (): Date => isoDate(-integer(1, 365)),
  recent: (): Date => isoDate(-Math.random()),
  month: (): string => pick(['January', 'April', 'July', 'October']),
  weekday: (): string => pick(['Monday', 'Wednesday', 'Friday']),
};

export const finance = {
  account: (): string => digits(8),
  accountName: (): string => pick(['Checking Account', 'Savings Account']),
  amount: (): string => (integer(100, 100_000) / 100).toFixed(2),
  bic: (): string => `BOPI${'PH'}MM`,
  bitcoinAddress: (): string => `1${random.alphaNumeric(30)}`,
  currencyCode: (): string => 'PHP',
  currencyName: (): string => 'Philippine Peso',
  currencySymbol: (): string => '₱',
  iban: (): string => `PH${digits(2)}${digits(16)}`,
  mask: (): string => digits(4),
  transactionType: (): string => pick(['payment', 'deposit', 'withdrawal']),
};

export const hacker = {
  abbreviation: (): string => pick(['API', 'HTTP', 'JSON', 'TLS']),
  adjective: (): string => pick(['virtual', 'digital', 'mobile']),
  ingverb: (): string => pick(['parsing', 'indexing', 'routing']),
  noun: (): string => pick(['protocol', 'bus', 'array']),
  phrase: (): string => sentence(),
  verb: (): string => pick(['parse', 'index', 'route']),
};

const imageUrl = (): string => `https://example.com/${integer(100, 999)}x${integer(100, 999)}.png`;
export const image = {
  imageUrl,
  abstract: imageUrl,
  animals: imageUrl,
  business: imageUrl,
  cats: imageUrl,
  city: imageUrl,
  fashion: imageUrl,
  food: imageUrl,
  nature: imageUrl,
  nightlife: imageUrl,
  people: imageUrl,
  sports: imageUrl,
  transport: imageUrl,
  dataUri: (): string => 'data:image/svg+xml;charset=UTF-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
};

export const internet = {
  color: (): string => `#${hex(6)}`,
  domainName: (): string => `${pick(wordList)}.example`,
  domainSuffix: (): string => 'example',
  domainWord: (): string => pick(wordList),
  email: (): string => `${pick(firstNames).toLowerCase()}.${pick(lastNames).toLowerCase()}@example.com`,
  exampleEmail: (): string => `${pick(firstNames).toLowerCase()}@example.com`,
  ip: (): string => `192.0.2.${integer(1, 254)}`,
  ipv6: (): string => `2001:db8::${hex(4)}`,
  mac: (): string => Array.from({length: 6}, () => hex(2)).join(':'),
  password: (): string => random.alphaNumeric(15),
  protocol: (): string => pick(['http', 'https']),
  url: (): string => `https://${pick(wordList)}.example`,
  userAgent: (): string => 'Mozilla/5.0 (X11; Linux x86_64)',
  userName: (): string => `${pick(firstNames).toLowerCase()}${digits(2)}`,
};

export const lorem = {
  word: (): string => pick(wordList),
  words: (count = 3): string => words(count),
  sentence: (): string => sentence(),
  sentences: (count = 3): string => Array.from({length: count}, () => sentence()).join(' '),
  paragraph: (): string => Array.from({length: 3}, () => sentence()).join(' '),
  paragraphs: (count = 3): string => Array.from({length: count}, () => lorem.paragraph()).join('\n \r'),
  lines: (count = 3): string => Array.from({length: count}, () => sentence()).join('\n'),
  slug: (): string => Array.from({length: 3}, () => pick(wordList)).join('-'),
  text: (): string => sentence(),
};

export const system = {
  commonFileExt: (): string => pick(['pdf', 'png', 'txt']),
  commonFileName: (): string => `${pick(wordList)}.${pick(['pdf', 'png', 'txt'])}`,
  commonFileType: (): string => pick(['application', 'image', 'text']),
  fileExt: (): string => pick(['json', 'csv', 'zip']),
  fileName: (): string => `${pick(wordList)}.${pick(['json', 'csv'])}`,
  fileType: (): string => pick(['application', 'image', 'text']),
  mimeType: (): string => pick(['application/json', 'image/png', 'text/plain']),
  semver: (): string => `${integer(0, 9)}.${integer(0, 9)}.${integer(0, 9)}`,
};
