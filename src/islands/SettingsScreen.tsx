import { ApiKeysPanel } from '../client/features/api-keys/api-keys-panel';
import { AuditLogPanel } from '../client/features/audit/audit-log-panel';
import { ProfilePanel } from '../client/features/auth/profile-panel';
import { BillingPanel } from '../client/features/billing/billing-panel';
import { ReportBrandingCard } from '../client/features/branding/branding-card';
import { TeamPanel } from '../client/features/team/team-panel';
import { IslandRoot } from '../client/ui/island-root';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../client/ui/tabs';

/** Settings tabs of spec §2; each panel decides what the caller's role may see and do. */
export default function SettingsScreen() {
  return (
    <IslandRoot>
      <Tabs defaultValue="profile">
        <TabsList aria-label="Settings sections" className="h-auto flex-wrap">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="audit-log">Audit Log</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="max-w-2xl">
          <ProfilePanel />
        </TabsContent>
        <TabsContent value="billing" className="grid gap-6">
          <BillingPanel />
          <ReportBrandingCard />
        </TabsContent>
        <TabsContent value="team">
          <TeamPanel />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysPanel />
        </TabsContent>
        <TabsContent value="audit-log">
          <AuditLogPanel />
        </TabsContent>
      </Tabs>
    </IslandRoot>
  );
}
