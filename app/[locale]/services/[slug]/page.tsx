import { connection } from 'next/server';
import { ServicePage } from '@/components/content/topic/ServicePage';
import { topicRoute } from '@/components/content/topicRoute';
import { serviceSlugs } from '@/lib/i18n/routing';
import { getPublicService } from '@/lib/server/clinic/services';
import { getDb } from '@/lib/server/db/client';

// Duration and price come from the database: rendered per request, never during `next build`.
const route = topicRoute({ namespace: 'Services', base: '/services' }, serviceSlugs, async (locale, slug) => {
  await connection();
  const service = await getPublicService(await getDb(), slug, locale);
  return <ServicePage locale={locale} slug={slug} service={service} />;
});
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
