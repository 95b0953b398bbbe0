import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../features/catalogue/CategoryPage';

export const Route = createFileRoute('/image-models/')({ component: () => <CategoryPage category="Image" /> });
