/**
 * What a shop owner types into the search, in their own words rather than
 * the pages' (issue searches: banks by name, staff, other providers), each
 * with the sections that answer it, written from the pages. The words the
 * pages use for them are in packages/model/src/searchVocabulary.ts.
 */
import type {ScoredQuery} from './score';

const payoutBanks = [
  '/help/getting-started/getting-paid#which-banks-and-e-wallets',
  '/help/getting-started/getting-paid#your-payout-account',
  '/help/getting-started/getting-paid#change-your-payout-account',
  '/help/payments/payment-methods#online-banking',
];
const payoutTiming = [
  '/help/getting-started/getting-paid#payout-schedule',
  '/help/getting-started/getting-paid#how-the-money-reaches-your-account',
  '/help/getting-started/getting-paid#if-a-payout-is-late-or-missing',
];
const leavingStaff = [
  '/guides/tutorials/invite-team#step-4-remove-access-when-someone-leaves',
  '/help/dashboard/dashboard-intro#invite-a-team-member',
  '/help/dashboard/dashboard-intro#team-members-and-roles',
];
const newStaff = [
  '/help/dashboard/dashboard-intro#invite-a-team-member',
  '/help/dashboard/dashboard-intro#team-members-and-roles',
  '/guides/tutorials/invite-team',
];
const migration = ['/help/getting-started/migrate-to-zip', '/guides/cut-over-runbook'];
const fromPayMongo = [...migration, '/guides/migrate-from-paymongo'];

export const merchantQueries: readonly ScoredQuery[] = [
  {query: 'BDO', answers: payoutBanks},
  {query: 'BPI', answers: payoutBanks},
  {query: 'Metrobank', answers: payoutBanks},
  {query: 'Landbank', answers: payoutBanks},
  {query: 'Security Bank', answers: payoutBanks},
  {query: 'payout to my UnionBank account', answers: [...payoutBanks, ...payoutTiming]},
  {query: 'when will card sales reach my BDO account', answers: payoutTiming},
  {query: 'my shop assistant quit', answers: leavingStaff},
  {query: 'remove an employee who left', answers: leavingStaff},
  {query: 'add my cashier to the dashboard', answers: newStaff},
  {query: 'staff access', answers: [...newStaff, ...leavingStaff]},
  {query: 'paymongo', answers: fromPayMongo},
  {query: 'switch from PayMongo to Zip', answers: fromPayMongo},
  {query: 'moving from Xendit', answers: migration},
  {query: 'Dragonpay', answers: migration},
  {query: 'PayPal', answers: [...migration, '/help/getting-started/supported-countries']},
  {query: 'leaving Maya Business', answers: migration},
  {query: 'magpie', answers: ['/help/migrating/from-magpie']},
];
