import { useState } from 'react';
import type { OffsetProject } from '../../../domain/contracts/marketplace';
import { getErrorMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { PermissionNote } from '../../ui/permission-note';
import { Skeleton } from '../../ui/skeleton';
import { useOffsetStats, useProjects } from './api';
import { CatalogueToolbar } from './catalogue-toolbar';
import { FootprintOverview } from './footprint-overview';
import { filterProjects, type TypeFilter } from './marketplace';
import { ProjectCard } from './project-card';
import { PurchaseDialog } from './purchase-dialog';
import { PurchaseHistory } from './purchase-history';
import { StatsCards } from './stats-cards';

/** Says plainly what the catalogue is and what a purchase does, before anyone buys. */
function CatalogueNote({ isIllustrative }: { isIllustrative: boolean }) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-md border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0"
    >
      <InfoIcon />
      <div className="grid gap-1">
        {isIllustrative ? (
          <p>
            <strong>Illustrative catalogue.</strong> These projects are examples, not live registry stock:
            check each one with its registry before relying on it.
          </p>
        ) : null}
        <p>
          No payment provider is connected, so a purchase is recorded as an order with an invoice reference to
          pay.
        </p>
      </div>
    </div>
  );
}

function ProjectGrid({
  projects,
  onPurchase,
}: {
  projects: OffsetProject[];
  onPurchase?: (project: OffsetProject) => void;
}) {
  if (projects.length === 0) {
    return (
      <div className="grid justify-items-center gap-1 rounded-lg border border-dashed border-border p-10 text-center">
        <h3 className="text-base font-semibold text-ink">No projects found</h3>
        <p className="text-sm text-muted">Try another search or project type.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Projects" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id} className="grid">
          <ProjectCard project={project} onPurchase={onPurchase ? () => onPurchase(project) : undefined} />
        </li>
      ))}
    </ul>
  );
}

function Catalogue() {
  const projects = useProjects();
  const stats = useOffsetStats();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const canPurchase = useCan('offsets.purchase');
  // Looked up by id so the open dialog follows the refreshed stock after a sync.
  const selected = projects.data?.find((project) => project.id === selectedId) ?? null;
  const shown = projects.data ? filterProjects(projects.data, search, type) : [];

  return (
    <section aria-labelledby="catalogue-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="catalogue-title" className="text-lg font-semibold text-ink">
          Carbon offset projects
        </h2>
        <p className="text-sm text-muted">
          Verified projects selling carbon credits, priced per tonne of CO2e.
        </p>
      </div>
      <CatalogueNote isIllustrative={projects.data?.some((project) => project.illustrative) ?? false} />
      <CatalogueToolbar search={search} onSearchChange={setSearch} type={type} onTypeChange={setType} />
      <PermissionNote action="offsets.purchase" />
      <StatsCards stats={stats.data} />
      {projects.isError && !projects.data ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-lg border border-border p-6 text-sm"
        >
          <p className="font-medium text-ink">Couldn't load the projects.</p>
          <p className="text-muted">{getErrorMessage(projects.error)}</p>
          <Button variant="outline" size="sm" onClick={() => projects.refetch()}>
            Retry
          </Button>
        </div>
      ) : projects.data ? (
        <ProjectGrid
          projects={shown}
          onPurchase={canPurchase ? (project) => setSelectedId(project.id) : undefined}
        />
      ) : (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <p className="sr-only" role="status">
            Loading projects
          </p>
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-96" />
          ))}
        </div>
      )}
      {canPurchase ? <PurchaseDialog project={selected} onClose={() => setSelectedId(null)} /> : null}
    </section>
  );
}

export function MarketplaceView() {
  return (
    <div className="grid gap-8">
      <FootprintOverview />
      <Catalogue />
      <PurchaseHistory />
    </div>
  );
}
