import { Hono } from 'hono';
import { UpdateCompanyProfileSchema } from '../../../domain/contracts/company-profile.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { getCompanyProfile, updateCompanyProfile } from './service.ts';

/**
 * The company profile's reporting details (decision 057): anyone in the company reads them; an
 * admin (`company.edit`, like the company name) changes them. The role is checked before the body
 * is read.
 */
export const companyProfileRoutes = new Hono<AppEnv>()
  .get('/company/profile', requirePermission('data.read'), async (c) =>
    c.json(await getCompanyProfile(authorize(c, 'data.read'))),
  )
  .patch(
    '/company/profile',
    requirePermission('company.edit'),
    validate('json', UpdateCompanyProfileSchema),
    async (c) => c.json(await updateCompanyProfile(authorize(c, 'company.edit'), c.req.valid('json'))),
  );
