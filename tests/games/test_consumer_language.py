"""The table's socket speaks the person's language, chosen at the handshake as a page chooses it
(dominoes.language): the account's pick, else the language cookie, else Accept-Language."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from socket_support import new_session, new_table, receive

from dominoes.asgi import application
from dominoes.language import language_for
from games import services
from games.coach.words import hint_reason_words
from games.engine import ALL_TILES
from games.preferences import remember_language

pytestmark = [pytest.mark.django_db(transaction=True)]


def connect(public_id: str, session_key: str, *headers: tuple[bytes, bytes]):
    cookie = f"sessionid={session_key}"
    extra = dict(headers)
    if b"cookie" in extra:
        cookie += "; " + extra.pop(b"cookie").decode()
    sent = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    sent += [(b"cookie", cookie.encode()), *extra.items()]
    return WebsocketCommunicator(application, f"/ws/tables/{public_id}/", headers=sent)


async def opened(*headers: tuple[bytes, bytes]) -> tuple[WebsocketCommunicator, dict]:
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    communicator = connect(table.public_id, session_key, *headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator, await receive(communicator)


SPANISH = (b"cookie", f"{settings.LANGUAGE_COOKIE_NAME}=es".encode())
PORTUGUESE = (b"accept-language", b"pt-BR,pt;q=0.9,en;q=0.5")


@pytest.mark.asyncio
async def test_a_spanish_cookie_gets_spanish_errors_from_the_socket_and_the_services():
    communicator, state = await opened(SPANISH, (b"accept-language", b"en"))
    await communicator.send_to(text_data="{not json")
    assert (await receive(communicator))["message"] == "Ese mensaje no es JSON."
    await receive(communicator)  # the state after an error
    # A service's error, raised off the event loop: a move on a version long gone.
    move = state["view"]["legal"][0]
    await communicator.send_json_to({"type": "move", "version": -5, "move": move})
    error = await receive(communicator)
    assert error["type"] == "error"
    assert error["message"] == (
        "La mesa ha cambiado desde la última vez que la viste: así está ahora."
    )
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_each_socket_keeps_its_own_language_on_the_same_event_loop():
    spanish, _ = await opened(SPANISH)
    portuguese, _ = await opened(PORTUGUESE)
    english, _ = await opened()
    for communicator in (spanish, portuguese, english, spanish):
        await communicator.send_to(text_data=json.dumps(["move"]))
    said = []
    for communicator in (spanish, portuguese, english, spanish):
        error = await receive(communicator)
        assert (await receive(communicator))["type"] == "state"  # after every error
        said.append(error["message"])
    assert said == [
        "Un mensaje es un objeto JSON con un tipo.",
        "Uma mensagem é um objeto JSON com um tipo.",
        "A message is a JSON object with a type.",
        "Un mensaje es un objeto JSON con un tipo.",
    ]
    for communicator in (spanish, portuguese, english):
        await communicator.disconnect()


def test_the_account_s_language_comes_before_the_cookie_and_the_browser():
    user = get_user_model().objects.create_user("ana", "ana@example.com", "a-long-password")
    browser = {"cookie": "es", "accept_language": "pt-BR"}
    assert language_for(user=user, **browser) == "es"
    remember_language(user=user, language="pt-br")
    assert language_for(user=user, **browser) == "pt-br"
    assert language_for(user=None, cookie=None, accept_language="pt-PT,es;q=0.5") == "pt-br"
    assert language_for(user=None, cookie="xx", accept_language="de, es-AR;q=0.8") == "es"
    assert language_for(user=None, cookie=None, accept_language="") == settings.LANGUAGE_CODE


@pytest.mark.asyncio
async def test_a_hints_reason_comes_in_the_sockets_language():
    session_key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(session_key)
    communicator = connect(table.public_id, session_key, PORTUGUESE)
    connected, _ = await communicator.connect()
    assert connected
    state = await receive(communicator)
    while state["view"]["turn"] != state["view"]["seat"]:  # the computer may open
        state = await receive(communicator)
    await communicator.send_json_to({"type": "hint"})
    said = await receive(communicator)
    assert said["type"] == "hint"
    player = services.Player(user_id=None, session_key=session_key)
    suggestion = await sync_to_async(services.hint_for)(public_id=table.public_id, player=player)
    with translation.override("pt-br"):
        assert said["reason"] == hint_reason_words(suggestion.reason)
    with translation.override("en"):
        assert said["reason"] != hint_reason_words(suggestion.reason)
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_refused_move_is_said_in_the_sockets_language():
    communicator, state = await opened(SPANISH)
    while state["view"]["turn"] != state["view"]["seat"]:  # the computer may open
        state = await receive(communicator)
    tile = next(str(t) for t in ALL_TILES if str(t) not in state["view"]["hand"])
    move = {"play": tile} if not state["view"]["history"] else {"play": tile, "end": "left"}
    await communicator.send_json_to({"type": "move", "version": state["version"], "move": move})
    error = await receive(communicator)
    assert error == {"type": "error", "message": f"La {tile} no está en tu mano.", **error}
    await communicator.disconnect()
