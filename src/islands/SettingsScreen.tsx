import { ProfilePanel } from '../client/features/profile/profile-panel';
import { IslandRoot } from '../client/ui/island-root';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../client/ui/tabs';

/** Billing, Team, API Keys and Audit Log tabs arrive with their features. */
export default function SettingsScreen() {
  return (
    <IslandRoot>
      <Tabs defaultValue="profile">
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="max-w-2xl">
          <ProfilePanel />
        </TabsContent>
      </Tabs>
    </IslandRoot>
  );
}
