import { useLayoutEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { RequireAuth } from './components/RequireAuth';
import { RootLayout } from './components/RootLayout';
import { type LazyPage, lazyPage } from './components/RouteStates';
import { TabLayout } from './components/TabLayout';
import { setNavigator } from './lib/navigation';
import { sessionStore } from './store/session';

const HomePage = lazyPage(() => import('./features/home/HomePage'));
const ProductListPage = lazyPage(() => import('./features/product/ProductListPage'));
const WalletPage = lazyPage(() => import('./features/wallet/WalletPage'));
const ContactUsPage = lazyPage(() => import('./features/contact/ContactUsPage'));
const MinePage = lazyPage(() => import('./features/mine/MinePage'));
const SignInPage = lazyPage(() => import('./features/account/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/account/SignUpPage'));
const ForgotPage = lazyPage(() => import('./features/account/ForgotPasswordPage'));
const UpdatePasswordPage = lazyPage(() => import('./features/mine/UpdatePasswordPage'));
const UserInfoPage = lazyPage(() => import('./features/mine/UserInfoPage'));
const SettingsPage = lazyPage(() => import('./features/mine/SettingsPage'));
const PayPasswordPage = lazyPage(() => import('./features/mine/PayPasswordPage'));
const LevelUserPage = lazyPage(() => import('./features/vip/LevelUserPage'));
const ProductInfoPage = lazyPage(() => import('./features/product/ProductInfoPage'));
const MyProductPage = lazyPage(() => import('./features/product/MyProductPage'));
const OrderRecordPage = lazyPage(() => import('./features/product/OrderRecordPage'));
const records = () => import('./features/records/RecordsPage');
const ProfitRecordPage = lazyPage(() => records().then((m) => ({ default: m.ProfitRecordPage })));
const cashRecords = () => import('./features/wallet/CashRecordsPage');
const DepositRecordPage = lazyPage(() => cashRecords().then((m) => ({ default: m.DepositRecordPage })));
const WithdrawRecordPage = lazyPage(() => cashRecords().then((m) => ({ default: m.WithdrawRecordPage })));
const DepositPage = lazyPage(() => import('./features/wallet/DepositPage'));
const DepositStatusPage = lazyPage(() => import('./features/wallet/DepositStatusPage'));
const WithdrawPage = lazyPage(() => import('./features/wallet/WithdrawPage'));
const AccountsPage = lazyPage(() => import('./features/wallet/AccountsPage'));
const AccountEditPage = lazyPage(() => import('./features/wallet/AccountEditPage'));
const PointsRecordPage = lazyPage(() => records().then((m) => ({ default: m.PointsRecordPage })));
const StatementPage = lazyPage(() => import('./features/wallet/StatementPage'));
const MaintenancePage = lazyPage(() => import('./features/system/MaintenancePage'));
const InviteFriendsPage = lazyPage(() => import('./features/team/InviteFriendsPage'));
const MyTeamPage = lazyPage(() => import('./features/team/MyTeamPage'));
const NetworkErrorPage = lazyPage(() => import('./features/system/NetworkErrorPage'));
const NotFoundPage = lazyPage(() => import('./features/system/NotFoundPage'));
const TeamRankPage = lazyPage(() => import('./features/rank/TeamRankPage'));
const drawScreens = () => import('./features/draws/DrawScreen');
const TurntablePage = lazyPage(() => drawScreens().then((m) => ({ default: m.TurntablePage })));
const GridDrawPage = lazyPage(() => drawScreens().then((m) => ({ default: m.GridPage })));
const CapsulePage = lazyPage(() => drawScreens().then((m) => ({ default: m.CapsulePage })));
const WindowPage = lazyPage(() => drawScreens().then((m) => ({ default: m.WindowPage })));
const DrawRecordPage = lazyPage(() => import('./features/draws/DrawRecordPage'));
const DrawRecordDetailPage = lazyPage(() => import('./features/draws/DrawRecordDetailPage'));
const AddressPage = lazyPage(() => import('./features/address/AddressPage'));
const RedeemPage = lazyPage(() => import('./features/redeem/RedeemPage'));
const CouponsPage = lazyPage(() => import('./features/coupons/CouponsPage'));
const eventScreens = () => import('./features/events/EventsPage');
const AnniversaryPage = lazyPage(() => eventScreens().then((m) => ({ default: m.AnniversaryPage })));
const ConferencePage = lazyPage(() => eventScreens().then((m) => ({ default: m.ConferencePage })));
const StatisticsPage = lazyPage(() => import('./features/statistics/StatisticsPage'));
const MessagesPage = lazyPage(() => import('./features/messages/MessagesPage'));
const locationPages = () => import('./features/messages/LocationPages');
const LocationChoosePage = lazyPage(() => locationPages().then((m) => ({ default: m.LocationChoosePage })));
const LocationOpenPage = lazyPage(() => locationPages().then((m) => ({ default: m.LocationOpenPage })));
const articlePages = () => import('./features/content/ArticlePages');
const NewsListPage = lazyPage(() => articlePages().then((m) => ({ default: m.NewsListPage })));
const NewsDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.NewsDetailPage })));
const HonorPage = lazyPage(() => articlePages().then((m) => ({ default: m.HonorPage })));
const HonorDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.HonorDetailPage })));
const GuideTypesPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuideTypesPage })));
const GuidesPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuidesPage })));
const GuideDetailPage = lazyPage(() => articlePages().then((m) => ({ default: m.GuideDetailPage })));
const postPages = () => import('./features/content/PostPages');
const PostsPage = lazyPage(() => postPages().then((m) => ({ default: m.PostsPage })));
const PostDetailPage = lazyPage(() => postPages().then((m) => ({ default: m.PostDetailPage })));
const CommentPage = lazyPage(() => import('./features/content/CommentPage'));
const companyPages = () => import('./features/content/CompanyPages');
const AboutUsPage = lazyPage(() => companyPages().then((m) => ({ default: m.AboutUsPage })));
const HistoryPage = lazyPage(() => companyPages().then((m) => ({ default: m.HistoryPage })));
const LeadershipPage = lazyPage(() => companyPages().then((m) => ({ default: m.LeadershipPage })));
const AgreementPage = lazyPage(() => companyPages().then((m) => ({ default: m.AgreementPage })));
const PrivacyPage = lazyPage(() => companyPages().then((m) => ({ default: m.PrivacyPage })));

interface PageHandle {
  page: LazyPage;
  auth: boolean;
}

/** A route's element, and in its handle the page's chunk, which the first screen starts early. */
function page(Page: LazyPage, { auth = false } = {}) {
  const handle: PageHandle = { page: Page, auth };
  return {
    element: auth ? (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ) : (
      <Page />
    ),
    handle,
  };
}

/** The routes of docs/product.md#screens, history mode, base '/'. Later domains add their routes here. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { path: '/', ...page(HomePage) },
          { path: '/home/info', ...page(HomePage) },
          { path: '/product/list', ...page(ProductListPage) },
          { path: '/wallet/info', ...page(WalletPage, { auth: true }) },
          { path: '/contactUs/info', ...page(ContactUsPage) },
          { path: '/mine/info', ...page(MinePage, { auth: true }) },
          { path: '/pages/tabbar/honor/index', ...page(HonorPage) },
        ],
      },
      { path: '/account/signIn', ...page(SignInPage) },
      { path: '/account/signUp', ...page(SignUpPage) },
      { path: '/account/forgot', ...page(ForgotPage) },
      { path: '/mine/updatePassword', ...page(UpdatePasswordPage, { auth: true }) },
      { path: '/mine/userInfo', ...page(UserInfoPage, { auth: true }) },
      { path: '/mine/settings', ...page(SettingsPage, { auth: true }) },
      { path: '/mine/payPassword', ...page(PayPasswordPage, { auth: true }) },
      { path: '/mine/inviteFriends', ...page(InviteFriendsPage, { auth: true }) },
      { path: '/mine/myTeam', ...page(MyTeamPage, { auth: true }) },
      { path: '/mine/levelUser', ...page(LevelUserPage, { auth: true }) },
      { path: '/pagesB/mine/teamRank', ...page(TeamRankPage, { auth: true }) },
      { path: '/pagesB/draw/turntable', ...page(TurntablePage, { auth: true }) },
      { path: '/pagesB/draw/grid', ...page(GridDrawPage, { auth: true }) },
      { path: '/pagesB/draw/capsule', ...page(CapsulePage, { auth: true }) },
      { path: '/pagesB/draw/window', ...page(WindowPage, { auth: true }) },
      { path: '/pagesB/mine/drawRecord', ...page(DrawRecordPage, { auth: true }) },
      { path: '/pagesB/mine/drawRecordDetail', ...page(DrawRecordDetailPage, { auth: true }) },
      { path: '/pagesB/wallet/myAddress', ...page(AddressPage, { auth: true }) },
      { path: '/mine/redeem', ...page(RedeemPage, { auth: true }) },
      { path: '/mine/coupons', ...page(CouponsPage, { auth: true }) },
      { path: '/pagesB/mine/anniversaire', ...page(AnniversaryPage, { auth: true }) },
      { path: '/pagesB/mine/conference', ...page(ConferencePage, { auth: true }) },
      { path: '/pagesB/mine/statistics', ...page(StatisticsPage, { auth: true }) },
      { path: '/pagesB/mine/message', ...page(MessagesPage, { auth: true }) },
      { path: '/system/location/choose', ...page(LocationChoosePage, { auth: true }) },
      { path: '/system/location/open', ...page(LocationOpenPage, { auth: true }) },
      { path: '/pagesB/home/news', ...page(NewsListPage) },
      { path: '/home/information', ...page(NewsDetailPage) },
      { path: '/pagesB/home/posts', ...page(PostsPage) },
      { path: '/pagesB/home/postDetails', ...page(PostDetailPage) },
      { path: '/pagesB/home/comment', ...page(CommentPage, { auth: true }) },
      { path: '/pagesB/home/guideTypes', ...page(GuideTypesPage) },
      { path: '/pagesB/home/guides', ...page(GuidesPage) },
      { path: '/pagesB/home/guideDetails', ...page(GuideDetailPage) },
      { path: '/pagesB/honor/details', ...page(HonorDetailPage) },
      { path: '/contactUs/aboutUs', ...page(AboutUsPage) },
      { path: '/pagesB/home/history', ...page(HistoryPage) },
      { path: '/pagesB/home/leadership', ...page(LeadershipPage) },
      { path: '/pagesB/mine/agreement', ...page(AgreementPage) },
      { path: '/pagesB/mine/privacy', ...page(PrivacyPage) },
      { path: '/product/info', ...page(ProductInfoPage) },
      { path: '/product/myProduct', ...page(MyProductPage, { auth: true }) },
      { path: '/product/orderRecord', ...page(OrderRecordPage, { auth: true }) },
      { path: '/wallet/profitRecord', ...page(ProfitRecordPage, { auth: true }) },
      { path: '/wallet/depositRecord', ...page(DepositRecordPage, { auth: true }) },
      { path: '/wallet/withdrawRecord', ...page(WithdrawRecordPage, { auth: true }) },
      { path: '/wallet/pointsRecord', ...page(PointsRecordPage, { auth: true }) },
      { path: '/wallet/statement', ...page(StatementPage, { auth: true }) },
      { path: '/wallet/deposit', ...page(DepositPage, { auth: true }) },
      { path: '/wallet/depositStatus', ...page(DepositStatusPage, { auth: true }) },
      { path: '/wallet/withdraw', ...page(WithdrawPage, { auth: true }) },
      { path: '/wallet/mobileMoney', ...page(AccountsPage, { auth: true }) },
      { path: '/wallet/mobileMoneyUpdate', ...page(AccountEditPage, { auth: true }) },
      { path: '/system/maintenance/info', ...page(MaintenancePage) },
      { path: '/system/network-error/info', ...page(NetworkErrorPage) },
      // The spec names these two without describing them (docs/decisions.md): my money is the
      // wallet, MTN the mobile-money account.
      { path: '/mine/money', element: <Navigate to="/wallet/info" replace /> },
      { path: '/mine/mtn', element: <Navigate to="/wallet/mobileMoney" replace /> },
      { path: '*', ...page(NotFoundPage) },
    ],
  },
];

/**
 * Starts downloading the page of `pathname` (not a signed-in page for a guest, who is sent to
 * sign-in), so that it arrives beside the language and the first screen draws it at once instead
 * of asking for it after a first render. Settles when it has arrived or failed; a failure shows
 * on the route as always.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const signedIn = sessionStore.get().token !== '';
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle && (signedIn || !handle.auth) ? [handle.page.preload().catch(() => undefined)] : [];
  });
  return Promise.all(pages);
}

/** The page of the address; code outside React (the API client) navigates through the same router. */
export function AppRoutes() {
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((path, options) => void navigate(path, options)), [navigate]);
  return useRoutes(routes);
}
