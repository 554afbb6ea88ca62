// Wire contracts are defined once, in machines/wire/ (TypeBox schemas the server validates and
// serialises with). These checks keep it so: the types src/api and the machines read are the schemas'
// Static (`npm run typecheck` fails the moment one drifts), and every schema is used by a server route
// or is listed as the client's only, with a reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Static } from '@fastify/type-provider-typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Betslip, Match, SubmitResult } from '../../machines/betslip/types';
import type { BetslipParams } from '../../machines/rules/betslip';
import type { PastBetslip } from '../../machines/rules/results';
import type { ClientType, NewestVersion } from '../../machines/rules/version';
import type { SupportedWallet } from '../../machines/rules/wallet';
import type * as AccountWire from '../../machines/wire/account';
import type * as AdminWire from '../../machines/wire/admin';
import type * as GroupsWire from '../../machines/wire/groups';
import type * as IdentityWire from '../../machines/wire/identity';
import { CLIENT_ONLY, WIRE_MODULES } from '../../machines/wire/index';
import type * as MarketingWire from '../../machines/wire/marketing';
import type * as OperatorsWire from '../../machines/wire/operators';
import type * as PlayWire from '../../machines/wire/play';
import type * as PublicWire from '../../machines/wire/public';
import type * as PushWire from '../../machines/wire/push';
import type * as ResultsWire from '../../machines/wire/results';
import type * as SupportWire from '../../machines/wire/support';
import type * as WalletWire from '../../machines/wire/wallet';
import type * as AccountApi from '../../src/api/account';
import type * as AdminApi from '../../src/api/admin';
import type * as AuthApi from '../../src/api/auth';
import type * as GroupsApi from '../../src/api/groups';
import type * as MarketingApi from '../../src/api/marketing';
import type * as OperatorsApi from '../../src/api/operators';
import type * as PlayApi from '../../src/api/play';
import type * as PublicApi from '../../src/api/publicRounds';
import type * as ReceiptsApi from '../../src/api/receipts';
import type * as RegistrationApi from '../../src/api/registration';
import type * as StandingApi from '../../src/api/standing';
import type * as SupportApi from '../../src/api/support';
import type * as WalletApi from '../../src/api/wallet';
import type { SubmissionPayload } from '../../src/offline/queueFormat';

type Item<T> = T extends readonly (infer I)[] ? I : never;

describe('wire types: what the client reads is the schema', () => {
  it('play: fetch-current-betslip, submit, my slips, prizes, testimonials', () => {
    type Wire = Static<typeof PlayWire.BetslipResponse>;
    expectTypeOf<Match>().toEqualTypeOf<Wire['matches'][number]>();
    expectTypeOf<BetslipParams>().toEqualTypeOf<Wire['betslipParams']>();
    // The same fields; the client only treats endsAt as optional (an older cached answer may lack it).
    expectTypeOf<keyof Betslip>().toEqualTypeOf<keyof Wire>();
    expectTypeOf<Required<Betslip>>().toEqualTypeOf<Wire>();
    expectTypeOf<SubmissionPayload>().toExtend<Static<typeof PlayWire.SubmitBody>>();
    expectTypeOf<PlayApi.SubmitAccepted>().toEqualTypeOf<Static<typeof PlayWire.SubmitAccepted>>();
    expectTypeOf<Static<typeof PlayWire.SubmitAccepted>>().toExtend<SubmitResult>();
    expectTypeOf<ReceiptsApi.MySlip[]>().toEqualTypeOf<Static<typeof PlayWire.MySlipsResponse>>();
    expectTypeOf<PlayApi.Prize[]>().toEqualTypeOf<Static<typeof PlayWire.PrizesResponse>>();
    expectTypeOf<PlayApi.Testimonial[]>().toEqualTypeOf<Static<typeof PlayWire.TestimonialsResponse>>();
  });

  it('groups: create, public and member views, my groups, buy shares', () => {
    expectTypeOf<GroupsApi.CreateGroupBody>().toEqualTypeOf<Static<typeof GroupsWire.CreateGroupBody>>();
    expectTypeOf<Parameters<typeof GroupsApi.createGroup>[0]>().toEqualTypeOf<
      Static<typeof GroupsWire.CreateGroupBody>
    >();
    expectTypeOf<GroupsApi.GroupCreated>().toEqualTypeOf<Static<typeof GroupsWire.GroupCreated>>();
    expectTypeOf<GroupsApi.PublicGroup>().toEqualTypeOf<Static<typeof GroupsWire.GroupPublic>>();
    expectTypeOf<GroupsApi.MemberGroup>().toEqualTypeOf<Static<typeof GroupsWire.GroupMemberView>>();
    expectTypeOf<GroupsApi.MyGroup[]>().toEqualTypeOf<Static<typeof GroupsWire.MyGroupsResponse>>();
    expectTypeOf<Parameters<typeof GroupsApi.buyShares>[1]>().toExtend<
      Static<typeof GroupsWire.BuySharesBody>
    >();
    expectTypeOf<GroupsApi.SharesBought>().toEqualTypeOf<Static<typeof GroupsWire.SharesBought>>();
  });

  it('public and results', () => {
    expectTypeOf<PublicApi.PublicRound[]>().toEqualTypeOf<Static<typeof PublicWire.PublicRounds>>();
    type Past = Item<Static<typeof ResultsWire.PastBetslipsResponse>>;
    expectTypeOf<keyof PastBetslip>().toEqualTypeOf<keyof Past>();
    expectTypeOf<Required<PastBetslip>>().toEqualTypeOf<Required<Past>>();
  });

  it('wallet: read, supported wallets, money calls', () => {
    type Info = Static<typeof WalletWire.WalletInfo>;
    // The client reads our additions as optional (an older cached answer may lack them).
    expectTypeOf<Info>().toExtend<WalletApi.WalletInfo>();
    expectTypeOf<keyof WalletApi.WalletInfo>().toEqualTypeOf<keyof Info>();
    expectTypeOf<Item<Static<typeof WalletWire.SupportedWallets>>>().toExtend<SupportedWallet>();
    expectTypeOf<WalletApi.AirtimeRequest>().toEqualTypeOf<Static<typeof WalletWire.AirtimeBody>>();
    expectTypeOf<WalletApi.CashOutRequest>().toEqualTypeOf<Static<typeof WalletWire.CashOutBody>>();
    expectTypeOf<WalletApi.CashOutAnswer>().toEqualTypeOf<Static<typeof WalletWire.CashOutAnswer>>();
    expectTypeOf<WalletApi.DepositAnswer>().toEqualTypeOf<Static<typeof WalletWire.DepositAccepted>>();
    expectTypeOf<WalletApi.DepositView>().toEqualTypeOf<Static<typeof WalletWire.DepositView>>();
    expectTypeOf<WalletApi.SubscriberInfo>().toEqualTypeOf<Static<typeof AccountWire.SubscriberInfo>>();
  });

  it('account: limits, standing picks', () => {
    expectTypeOf<AccountApi.PlayLimits>().toEqualTypeOf<Static<typeof AccountWire.PlayLimits>>();
    expectTypeOf<AccountApi.PauseDuration>().toEqualTypeOf<Static<typeof AccountWire.PauseDuration>>();
    expectTypeOf<StandingApi.StandingView>().toEqualTypeOf<Static<typeof AccountWire.StandingView>>();
  });

  it('identity, operators, push and version', () => {
    expectTypeOf<AuthApi.TokenResponse>().toEqualTypeOf<Static<typeof IdentityWire.TokenResponse>>();
    expectTypeOf<RegistrationApi.OtpPurpose>().toEqualTypeOf<Static<typeof IdentityWire.OtpPurpose>>();
    expectTypeOf<OperatorsApi.OperatorAccount>().toEqualTypeOf<Static<typeof OperatorsWire.Operator>>();
    expectTypeOf<NewestVersion>().toEqualTypeOf<Static<typeof PushWire.NewestVersion>>();
    expectTypeOf<ClientType>().toEqualTypeOf<Static<typeof PushWire.ClientType>>();
  });

  it('admin, support, marketing: no index signature, the schema exactly', () => {
    expectTypeOf<AdminApi.AdminBetslip>().toEqualTypeOf<Static<typeof AdminWire.AdminBetslip>>();
    expectTypeOf<string extends keyof AdminApi.AdminBetslip ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<AdminApi.NewBetslip>().toEqualTypeOf<Static<typeof AdminWire.CreateBetslipBody>>();
    expectTypeOf<AdminApi.Published>().toEqualTypeOf<Static<typeof AdminWire.PublishAnswer>>();
    expectTypeOf<AdminApi.SettlementPreview>().toEqualTypeOf<Static<typeof AdminWire.SettlementPreview>>();
    expectTypeOf<AdminApi.SettleAnswer>().toEqualTypeOf<{
      settled: boolean;
      winners: number;
      paid: number;
    }>();
    expectTypeOf<AdminApi.RoundReport>().toEqualTypeOf<Static<typeof AdminWire.RoundReport>>();
    expectTypeOf<AdminApi.ReportSummary>().toEqualTypeOf<Static<typeof AdminWire.ReportSummary>>();
    expectTypeOf<AdminApi.AuditRow>().toEqualTypeOf<Static<typeof AdminWire.AuditRow>>();
    expectTypeOf<SupportApi.SupportView>().toEqualTypeOf<Static<typeof SupportWire.SupportView>>();
    expectTypeOf<MarketingApi.NewTestimonial>().toEqualTypeOf<Static<typeof MarketingWire.TestimonialBody>>();
    expectTypeOf<MarketingApi.PrizeRow[]>().toEqualTypeOf<Static<typeof MarketingWire.PrizeTable>>();
  });
});

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length + 1));

/** `Module.Name` for every name a server file imports (or re-exports) from machines/wire/<module>. */
function serverImports(): Set<string> {
  const found = new Set<string>();
  const importRe = /(?:import|export)\s*\{([^}]*)\}\s*from\s*'[./]*machines\/wire\/(\w+)(?:\.ts)?'/g;
  for (const file of filesUnder('server')) {
    for (const [, names = '', mod] of read(file).matchAll(importRe)) {
      for (const name of names.split(',')) {
        const bare = name.replace(/^\s*type\s+/, '').trim();
        if (bare) found.add(`${mod}.${bare}`);
      }
    }
  }
  return found;
}

describe('wire schemas: each one used', () => {
  const wireSource = filesUnder('machines/wire')
    .map(read)
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('export type'))
    .join('\n');

  it('by a server route, inside another schema, or listed as the client only', async () => {
    const imported = serverImports();
    const unused: string[] = [];
    for (const mod of WIRE_MODULES) {
      const exports: Record<string, unknown> = await import(`../../machines/wire/${mod}.ts`);
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'object' || value === null || !('~kind' in value)) continue;
        const uses = wireSource.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
        if (imported.has(`${mod}.${name}`) || uses > 1 || `${mod}.${name}` in CLIENT_ONLY) continue;
        unused.push(`${mod}.${name}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('lists every module of the folder, and no src/api file declares a wire shape', () => {
    const modules = filesUnder('machines/wire')
      .map((f) => f.replace(/^machines\/wire\/|\.ts$/g, ''))
      .filter((m) => !['index', 'text', 'fields'].includes(m));
    expect([...WIRE_MODULES].sort()).toEqual(modules.sort());
    for (const file of filesUnder('src/api')) {
      const src = read(file);
      expect(src, file).not.toMatch(/from '(@sinclair\/)?typebox'|type-provider-typebox/);
      expect(src, file).not.toMatch(/import \{[^}]*\} from '[./]*machines\/wire/);
    }
  });
});
