import type { ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from '../components/shell/AppLayout.tsx';
import { FullScreenLayout } from '../components/shell/FullScreenLayout.tsx';
import { PublicLayout } from '../components/shell/PublicLayout.tsx';
import { RouteEffects } from '../components/shell/RouteEffects.tsx';
import { bottomNavEntries } from '../components/shell/navigation.ts';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/guards.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { loadScreenTexts } from '../lib/i18n.ts';
import { RouteErrorBoundary } from './ErrorBoundary.tsx';
import { lazyPage } from './lazy-page.tsx';

/** A signed-in screen other than the dashboard: its code and the screens' texts (`loadScreenTexts`), fetched together. */
const screenPage: typeof lazyPage = (load) => lazyPage(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => module));

// Every screen is its own chunk, fetched when its route is first visited.
const Landing = lazyPage(() => import('../pages/public/LandingPage.tsx'));
const Features = lazyPage(() => import('../pages/public/FeaturesPage.tsx'));
const Guides = lazyPage(() => import('../pages/public/GuidesPage.tsx'));
const Pricing = lazyPage(() => import('../pages/public/PricingPage.tsx'));
const Terms = lazyPage(() => import('../pages/public/TermsPage.tsx'));
const Login = lazyPage(() => import('../pages/auth/LoginPage.tsx'));
const Register = lazyPage(() => import('../pages/auth/RegisterPage.tsx'));
const ForgotPassword = lazyPage(() => import('../pages/auth/ForgotPasswordPage.tsx'));
const ResetPassword = lazyPage(() => import('../pages/auth/ResetPasswordPage.tsx'));
const VerifyEmail = lazyPage(() => import('../pages/auth/VerifyEmailPage.tsx'));
const AuthCallback = lazyPage(() => import('../pages/auth/AuthCallbackPage.tsx'));
const Dashboard = lazyPage(() => import('../pages/app/DashboardPage.tsx'));
const Alerts = screenPage(() => import('../pages/app/AlertsPage.tsx'));
const AlertDetail = screenPage(() => import('../pages/app/AlertDetailPage.tsx'));
const FarmDetail = screenPage(() => import('../pages/app/FarmDetailPage.tsx'));
const FieldSetup = screenPage(() => import('../pages/app/FieldSetupPage.tsx'));
const Fields = screenPage(() => import('../pages/app/FieldsPage.tsx'));
const FieldDetail = screenPage(() => import('../pages/app/FieldDetailPage.tsx'));
const SoilTestLog = screenPage(() => import('../pages/app/SoilTestLogPage.tsx'));
const SoilTests = screenPage(() => import('../pages/app/SoilTestsPage.tsx'));
const Fertilizer = screenPage(() => import('../pages/app/FertilizerPage.tsx'));
const SoilAnalysis = screenPage(() => import('../pages/app/SoilAnalysisPage.tsx'));
const Settings = screenPage(() => import('../pages/app/SettingsPage.tsx'));
const People = screenPage(() => import('../pages/app/PeoplePage.tsx'));
const Billing = screenPage(() => import('../pages/app/BillingPage.tsx'));
const Support = screenPage(() => import('../pages/app/SupportPage.tsx'));
const Programme = screenPage(() => import('../pages/app/ProgrammePage.tsx'));
const Onboarding = screenPage(() => import('../pages/app/OnboardingPage.tsx'));
const VisitQueue = screenPage(() => import('../pages/app/VisitQueuePage.tsx'));
const LogVisit = screenPage(() => import('../pages/app/LogVisitPage.tsx'));
const Invitation = screenPage(() => import('../pages/app/InvitationPage.tsx'));
const ImportFields = screenPage(() => import('../pages/app/ImportFieldsPage.tsx'));
const MapView = screenPage(() => import('../pages/app/MapViewPage.tsx'));
const CropHealth = screenPage(() => import('../pages/app/CropHealthPage.tsx'));
const Reports = screenPage(() => import('../pages/app/ReportsPage.tsx'));
const Irrigation = screenPage(() => import('../pages/app/IrrigationPage.tsx'));
const NotFound = lazyPage(() => import('../pages/NotFoundPage.tsx'));
// Developer pages (spec §2.3): their code and texts load only when visited, and they show only with DEV_PAGES=1.
const ApiDebug = lazyPage(() => import('../pages/dev/ApiDebugPage.tsx'));
const HealthStatus = lazyPage(() => import('../pages/dev/HealthStatusPage.tsx'));
const AnalysisTesting = lazyPage(() => import('../pages/dev/AnalysisTestingPage.tsx'));
const MobileNavTest = lazyPage(() => import('../pages/dev/MobileNavTestPage.tsx'));
// The boundary editor's texts are screens' texts: they come with it.
const DrawingControlsTest = screenPage(() => import('../pages/dev/DrawingControlsTestPage.tsx'));
const DesignSystem = lazyPage(() => import('../pages/dev/DesignSystemPage.tsx'));
const ResponsiveSuite = lazyPage(() => import('../pages/dev/ResponsiveSuitePage.tsx'));

const signedOutOnly = (page: ReactNode) => <RedirectIfSignedIn>{page}</RedirectIfSignedIn>;

const prerenderedScreens: Record<string, { preload(): Promise<void> }> = {
  '/': Landing,
  '/features': Features,
  '/guides': Guides,
  '/pricing': Pricing,
  '/terms': Terms,
  '/login': Login,
  '/register': Register,
  '/forgot-password': ForgotPassword,
};

/** Fetches the code of the prerendered screen at `pathname`, if it is one (see main.tsx). */
export function preloadPrerenderedScreen(pathname: string): Promise<void> {
  return prerenderedScreens[pathname.replace(/(.)\/+$/, '$1')]?.preload() ?? Promise.resolve();
}

/** Unknown paths: inside the signed-in shell for a signed-in person, else with the public pages. */
function NotFoundInLayout() {
  return useSession().status === 'signed-in' ? <AppLayout /> : <PublicLayout />;
}

/** The screen of the route inside its layout, in a boundary that starts over on each path. */
function ScreenOutlet() {
  return (
    <RouteErrorBoundary pathname={useLocation().pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** The routes of spec §2.1 and §2.2, with their aliases and redirects. */
export function AppRoutes() {
  return (
    <>
      <RouteEffects />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route element={<ScreenOutlet />}>
            <Route index element={<Landing />} />
            <Route path="features" element={<Features />} />
            <Route path="guides" element={<Guides />} />
            <Route path="pricing" element={<Pricing />} />
            <Route path="terms" element={<Terms />} />
            <Route path="login" element={signedOutOnly(<Login />)} />
            <Route path="register" element={signedOutOnly(<Register />)} />
            <Route path="forgot-password" element={<ForgotPassword />} />
            <Route path="reset-password" element={<ResetPassword />} />
            <Route path="verify-email" element={<VerifyEmail />} />
            <Route path="auth/callback" element={<AuthCallback />} />
            <Route path="invitation" element={<Invitation />} />
            <Route path="i/:slug" element={<Invitation />} />
          </Route>
        </Route>

        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route element={<ScreenOutlet />}>
            <Route path="dashboard" element={<Dashboard />} />
            <Route path="alerts" element={<Alerts />} />
            <Route path="alerts/:alertId" element={<AlertDetail />} />
            <Route path="farms/create" element={<Navigate to="/create-farm-field" replace />} />
            <Route path="farms/:farmId" element={<FarmDetail />} />
            <Route path="create-farm-field" element={<FieldSetup />} />
            <Route path="fields/create" element={<Navigate to="/create-farm-field" replace />} />
            <Route path="fields" element={<Fields />} />
            <Route path="fields/import" element={<ImportFields />} />
            <Route path="fields/:fieldId" element={<FieldDetail />} />
            <Route path="soil-tests/log" element={<SoilTestLog />} />
            <Route path="soil-tests" element={<SoilTests />} />
            <Route path="fertilizer" element={<Fertilizer />} />
            <Route path="fertilizer-management" element={<Fertilizer />} />
            <Route path="analysis" element={<Reports title="Crop Analysis" />} />
            <Route path="reports" element={<Reports title="Reports & Analytics" />} />
            <Route path="crop-health" element={<CropHealth />} />
            <Route path="soil-analysis" element={<SoilAnalysis />} />
            <Route path="irrigation" element={<Irrigation />} />
            <Route path="weather" element={<Irrigation />} />
            <Route path="billing" element={<Billing />} />
            <Route path="support" element={<Support />} />
            <Route path="programme" element={<Programme />} />
            <Route path="settings" element={<Settings />} />
            <Route path="people" element={<People />} />
            <Route path="people/onboarding" element={<Onboarding />} />
            <Route path="visits" element={<VisitQueue />} />
            <Route path="visits/log" element={<LogVisit />} />
            <Route path="test-api-debug" element={<ApiDebug />} />
            <Route path="test-health-status" element={<HealthStatus />} />
            <Route path="test-analysis" element={<AnalysisTesting />} />
            <Route path="test-mobile-nav" element={<MobileNavTest entries={bottomNavEntries} />} />
            <Route path="test-drawing-controls" element={<DrawingControlsTest />} />
            <Route path="test-design-system" element={<DesignSystem />} />
            <Route path="test-responsive-suite" element={<ResponsiveSuite />} />
          </Route>
        </Route>

        {/* Map View has no standard layout wrapper (spec §2.2): the whole window, and on a phone the bottom bar. */}
        <Route
          element={
            <RequireAuth>
              <FullScreenLayout />
            </RequireAuth>
          }
        >
          <Route element={<ScreenOutlet />}>
            <Route path="map" element={<MapView />} />
            <Route path="map/:fieldId" element={<MapView />} />
          </Route>
        </Route>

        <Route element={<NotFoundInLayout />}>
          <Route element={<ScreenOutlet />}>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </>
  );
}
